"""The pool mode "table": real panels drawn by hand, the device told what falls (``mode``);
its game state (``game``), views (``views``, built by ``show``) and training hints
(``hints``)."""
