"""Phones as seat screens: each player's own phone shows that seat's private view and
takes its taps, served by the device on the local network (issue 23, docs/phones.md).

- ``pairing``: which phone holds which seat; a pairing completes only when the table
  offered the seat and said yes to the one phone its question named, and gives that phone
  an unguessable secret. Requests are never evicted, codes never repeat, asking is paced.
- ``bodies``: the one schema every request body is checked against.
- ``doors``: who the server lets in (per-address and reserved slots, paced strangers,
  addresses that keep failing turned away) and the deadlines of a handshake and a request.
- ``door_process``: the process, at the idle scheduling class, that accepts every
  connection, asks ``doors``, and hands the server only those let in: a paired phone's as
  it came, a stranger's after its TLS handshake and its first request, relayed in plain
  text (a refused flood, a stranger's handshake and a slow head never take the loop's
  interpreter lock, nor its CPU); ``door_relay``: that relay.
- ``actions``: what a phone may ask for (a key, a target, one panel by one tap), turned
  on the loop's thread into the very button presses the referee already understands.
- ``seat_views``: what one seat's page shows, built on the loop's thread from the public
  view and that seat's own view only.
- ``bridge``: the loop's side: the table's offer and question, phone intents (answered
  once done), publishes views.
- ``server``: the HTTPS server's threads: they only put intents on the loop's queue and
  read views the loop already made.
- ``tls``: the device's self-signed certificate and its fingerprint.
- ``start``: all of it started with the device (``app/build.py``, ``[phones]`` in the config).
- ``hotspot``, ``doctor_checks``: the device as its own access point; ``coda-pi doctor``.
- ``static/``: the page itself (HTML, CSS, a small script; no library).
"""
