"""The pool mode "entered": real panels drawn by hand, each told to the device privately
(``mode``), with the entry's views (``views``)."""
