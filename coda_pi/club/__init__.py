"""Club night: many tables, one event, over an MQTT broker.

```
topics.py      the topic names under coda/<club>/table/<n>/...
projection.py  what of a record line may leave the table during a round (the public part)
cursor.py      the durable cursor: which lines the broker has acknowledged
publisher.py   follows the record files and publishes them (a thread beside the device)
hub.py         rebuilds every table from its messages by replay; standings and seating state
seating.py     the next round's tables from the standings, avoiding repeat opponents
ratings.py     season ratings (openskill, a model made for free-for-all games)
export.py      CSV of events, standings and ratings
web.py         the hub's read-only page (live tables, standings, QR code) and its JSON
broker.py      the Mosquitto password file, ACL and config for a club
```

The record file is the truth: the publisher only reads what the device has already fsynced,
so play never waits on the network.
"""
