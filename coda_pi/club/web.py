"""The hub's web page: every table live, the night's standings, the seating, a QR code.

Read-only for everybody; the organiser's link (``?key=...``, printed by ``coda-pi hub``)
also shows the seating editor. The page loads ``/api/state`` once, then follows
``/api/stream`` (server-sent events: only the tables that changed), so a phone or the room
screen updates within a moment of the table's record line being written. Standard library
only (``http.server``): a Pi serves a room and a few dozen phones with it.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
import secrets
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from coda_pi.club.export import events_csv, ratings_csv, standings_csv
from coda_pi.club.hub import Hub
from coda_pi.club.seating import Seating
from coda_pi.i18n import N_, _, language, spoken

KEEPALIVE = 15.0  # seconds between the stream's keep-alive comments


class HubWeb:
    def __init__(self, hub: Hub, host: str, port: int, *, key: str | None = None,
                 url: str | None = None, on_seating: Any = None) -> None:
        self.hub = hub
        self.key = key or secrets.token_urlsafe(8)
        self.on_seating = on_seating  # called after the seating changed (publish it)
        self.server = ThreadingHTTPServer((host, port), _handler(self))
        self.server.daemon_threads = True
        self.port = int(self.server.server_address[1])
        shown = host if host not in ("", "0.0.0.0") else "localhost"
        self.url = url or f"http://{shown}:{self.port}/"
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()
        self.streams = 0  # pages that opened the live stream (for tests and the log)

    def start(self) -> HubWeb:
        # A long poll interval: an idle hub does not wake twice a second for the server
        # (http.server's default), and close() pokes it instead of waiting up to half a second.
        self._thread = threading.Thread(target=self.server.serve_forever,
                                        kwargs={"poll_interval": 3600}, name="hub-web",
                                        daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._closing.set()
        with self.hub.lock:
            self.hub.lock.notify_all()
        if self._thread is not None:
            stopper = threading.Thread(target=self.server.shutdown, daemon=True)
            stopper.start()
            host = str(self.server.server_address[0])
            with contextlib.suppress(OSError):  # the poke that ends the server's sleep
                socket.create_connection(("127.0.0.1" if host in ("", "0.0.0.0") else host,
                                          self.port), timeout=1).close()
            stopper.join(5)
            self._thread.join(5)
            self._thread = None
        self.server.server_close()

    def qr_svg(self, url: str) -> bytes:
        import segno

        out = io.BytesIO()
        segno.make(url, error="m").save(out, kind="svg", scale=4, border=2)
        return out.getvalue()


def _handler(web: HubWeb) -> type[BaseHTTPRequestHandler]:
    hub = web.hub

    class Handler(BaseHTTPRequestHandler):
        server_version = "coda-pi-hub"
        # Headers and body are two writes: with Nagle's algorithm the body would wait for
        # the browser's delayed acknowledgement of the headers (40 ms on Linux).
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
            return  # a room of phones would flood the terminal

        def _send(self, code: int, body: bytes, kind: str) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _json(self, doc: Any, code: int = 200) -> None:
            self._send(code, json.dumps(doc, ensure_ascii=False).encode("utf-8"),
                       "application/json; charset=utf-8")

        def _page_url(self) -> str:
            host = self.headers.get("Host")
            return f"http://{host}/" if host else web.url

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            path = urlsplit(self.path).path
            if path in ("/", "/index.html"):
                self._send(200, page(hub.snapshot()).encode("utf-8"), "text/html; charset=utf-8")
            elif path == "/api/state":
                self._json(hub.snapshot())
            elif path == "/api/stream":
                since = parse_qs(urlsplit(self.path).query).get("since", [""])[0]
                self._stream(int(since) if since.isascii() and since.isdigit() else None)
            elif path == "/qr.svg":
                self._send(200, web.qr_svg(self._page_url()), "image/svg+xml")
            elif path == "/standings.csv":
                self._send(200, standings_csv(hub).encode(), "text/csv; charset=utf-8")
            elif path == "/events.csv":
                self._send(200, events_csv(hub).encode(), "text/csv; charset=utf-8")
            elif path == "/ratings.csv":
                self._send(200, ratings_csv(hub.directory).encode(), "text/csv; charset=utf-8")
            elif path == "/api/proposal":
                self._json(hub.propose_next().to_dict())
            else:
                self._send(404, b"not found\n", "text/plain")

        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            parts = urlsplit(self.path)
            key = parse_qs(parts.query).get("key", [""])[0]
            if not secrets.compare_digest(key.encode("utf-8", "replace"),
                                          web.key.encode("utf-8")):
                self._json({"error": "the organiser's key is needed to change the seating"},
                           403)
                return
            text = self.headers.get("Content-Length") or "0"
            length = int(text) if text.isascii() and text.isdigit() else 0
            body = self.rfile.read(min(length, 100_000)).decode("utf-8", "replace")
            try:
                if parts.path == "/api/next-round":
                    seating = hub.next_round()
                elif parts.path == "/api/seating":
                    seating = Seating.from_text(body)
                    hub.override(seating)
                else:
                    self._json({"error": "no such action"}, 404)
                    return
            except ValueError as err:
                # The seating's own sentence, in the hub's language (the organiser reads it).
                said = spoken(err.args[0]) if err.args and isinstance(err.args[0], str) else ""
                self._json({"error": said or str(err)}, 400)
                return
            if web.on_seating is not None:
                web.on_seating()
            self._json({"round": hub.round, "seating": seating.to_dict()})

        def _stream(self, since: int | None) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            web.streams += 1
            seen = hub.version if since is None else since  # the page's own version
            sent_counted = -1
            try:
                self.wfile.write(b"retry: 2000\n\n")
                self.wfile.flush()
                while not web._closing.is_set():
                    now = hub.wait_change(seen, KEEPALIVE)
                    if web._closing.is_set():
                        return
                    if now == seen:
                        self.wfile.write(b": keep-alive\n\n")
                        self.wfile.flush()
                        continue
                    with hub.lock:
                        tables = [t for t, v in hub.changed.items() if v > seen]
                        counted = hub.counted
                    delta: dict[str, Any] = {
                        "version": now,
                        "round": hub.round,
                        "tables": {str(t): hub.table_view(t) for t in tables if t},
                    }
                    if counted != sent_counted or 0 in tables:
                        snap = hub.snapshot()
                        delta["standings"] = snap["standings"]
                        delta["ratings"] = snap["ratings"]
                        delta["seating"] = snap["seating"]
                        delta["not_counted"] = snap["not_counted"]
                        sent_counted = counted
                    seen = now
                    data = json.dumps(delta, ensure_ascii=False)
                    self.wfile.write(f"data: {data}\n\n".encode())
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return

    return Handler


# Every word of the page, in the hub's language (the language its environment asks for,
# as every CLI output): the static ones are written ⟦so⟧ in PAGE, the script's are looked up
# in WORDS by T(...), filled in the gettext way ({name}).
PAGE_MESSAGES: tuple[str, ...] = (
    N_("Coda club night"), N_("QR code of this page"), N_("Standings"), N_("Player"),
    N_("Pts"), N_("Games"), N_("Wins"), N_("Season ratings"), N_("Rating"), N_("Seating"),
    N_("not set yet"), N_("Organiser"), N_("Propose the next round"),
    N_("Use this seating"), N_("Export"), N_("standings"), N_("events"),
    N_("season ratings"), N_("panel"), N_("panels"), N_("right"), N_("wrong"),
    N_("{name} guessed {target}'s {panel} {number} is {value}: {verdict}"),
    N_("{name} drew a dark {panel}"), N_("{name} drew a light {panel}"), N_("dealing"),
    N_("round {number} begins"), N_("{name} placed the drawn {panel} face up"),
    N_("{name} knocked down one of their {panels}"), N_("{name} stopped"),
    N_("{name} ran out of time"), N_("the last action was taken back"), N_("Table {number}"),
    N_("offline"), N_("finished"), N_("round {number}/{rounds}"), N_("waiting for a game"),
    N_("Round {number}"), N_("Table {number}: {names}"), N_("Bye: {names}"),
    N_("Coda club night · {event}"), N_("saved"), N_("Not counted"),
    N_("Table {number}, {game}: the same game as table {table}'s {first}"),
    N_("Table {number}, {game}: the same game as {first} of {night}"),
)
_STATIC = re.compile("⟦(.+?)⟧")


def page(snapshot: dict[str, Any]) -> str:
    """The page with the state it opens on, so it shows the tables before any request, in
    the hub's language."""
    words = {m: _(m) for m in PAGE_MESSAGES}
    text = _STATIC.sub(lambda m: html.escape(_(m.group(1))), PAGE)
    text = text.replace('<html lang="en">', f'<html lang="{language()}">', 1)
    text = text.replace("/*WORDS*/", inert_json(words), 1)
    return text.replace("/*INITIAL*/", inert_json(snapshot), 1)


# Inside a <script> the HTML parser looks for "</script" and "<!--" (which hides the next
# "</script>"): with every "<" written as \u003c neither can occur, whatever a name says. ">"
# and "&" go too, and the two line separators old JavaScript took for newlines.
_INERT = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                        "\u2028": "\\u2028", "\u2029": "\\u2029"})


def inert_json(doc: Any) -> str:
    """``doc`` as JSON that can stand inside a ``<script type="application/json">`` element
    and never change the page's structure: JSON.parse reads back exactly ``doc``."""
    return json.dumps(doc, ensure_ascii=False, allow_nan=False).translate(_INERT)


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>⟦Coda club night⟧</title>
<style>
 body{margin:0;font:16px/1.3 system-ui,sans-serif;background:#14161a;color:#eee}
 header{display:flex;align-items:center;gap:1em;padding:.6em 1em;background:#20242b}
 header h1{font-size:1.5em;margin:0;flex:1}
 #qr{width:96px;height:96px;background:#fff;border-radius:4px}
 main{display:grid;grid-template-columns:1fr 20em;gap:1em;padding:1em}
 @media (max-width:800px){main{grid-template-columns:1fr}}
 #tables{display:grid;grid-template-columns:repeat(auto-fill,minmax(17em,1fr));gap:.8em;
  align-items:start}
 .card{background:#20242b;border-radius:8px;padding:.6em .8em}
 .card h2{font-size:1.1em;margin:0 0 .4em;display:flex;justify-content:space-between}
 .off{color:#f77}.on{color:#7d7}
 .seat{display:flex;align-items:center;gap:.4em;margin:.2em 0}
 .seat.turn .name{color:#ffd54a;font-weight:bold}
 .seat.out .name{text-decoration:line-through;opacity:.6}
 .name{width:6.5em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
 .pts{margin-left:auto;font-weight:bold}
 .tile{display:inline-block;width:1.35em;height:1.8em;line-height:1.8em;text-align:center;
  border-radius:3px;margin-right:2px;font-weight:bold;font-size:.9em}
 .D{background:#111;color:#fff;border:1px solid #555}
 .L{background:#f4f1e8;color:#111;border:1px solid #bbb}
 .up{outline:2px solid #4fc3f7}
 .last{font-size:.85em;color:#aaa;margin-top:.3em;min-height:1.2em}
 table{border-collapse:collapse;width:100%}td,th{padding:.2em .4em;text-align:left}
 th{color:#aaa;font-weight:normal;border-bottom:1px solid #444}td.n{text-align:right}
 section{background:#20242b;border-radius:8px;padding:.6em .8em;margin-bottom:1em}
 section h2{font-size:1.1em;margin:0 0 .4em}
 #organiser{display:none}textarea{width:100%;height:8em;background:#111;color:#eee}
 button{font-size:1em;margin:.3em .3em 0 0}
 a{color:#4fc3f7}
</style></head>
<body>
<header><h1 id="title">⟦Coda club night⟧</h1><span id="round"></span>
<img id="qr" src="qr.svg" alt="⟦QR code of this page⟧"></header>
<main>
 <div id="tables"></div>
 <aside>
  <section><h2>⟦Standings⟧</h2><table id="standings"><thead><tr><th>#</th><th>⟦Player⟧</th>
   <th>⟦Pts⟧</th><th>⟦Games⟧</th><th>⟦Wins⟧</th></tr></thead><tbody></tbody></table></section>
  <section><h2>⟦Season ratings⟧</h2><table id="ratings"><thead><tr><th>#</th>
   <th>⟦Player⟧</th><th>⟦Rating⟧</th><th>⟦Games⟧</th></tr></thead><tbody></tbody></table>
  </section>
  <section><h2>⟦Seating⟧</h2><div id="seating">⟦not set yet⟧</div></section>
  <section id="uncounted" hidden><h2>⟦Not counted⟧</h2><div id="repeats"></div></section>
  <section id="organiser"><h2>⟦Organiser⟧</h2>
   <button id="next">⟦Propose the next round⟧</button>
   <textarea id="edit" placeholder="1: Ann, Ben, Cleo&#10;bye: Dev"></textarea>
   <button id="save">⟦Use this seating⟧</button><div id="said"></div></section>
  <section><h2>⟦Export⟧</h2><a href="standings.csv">⟦standings⟧</a> ·
   <a href="events.csv">⟦events⟧</a> · <a href="ratings.csv">⟦season ratings⟧</a></section>
 </aside>
</main>
<script type="application/json" id="words">/*WORDS*/</script>
<script type="application/json" id="initial">/*INITIAL*/</script>
<script>
const WORDS = JSON.parse(document.getElementById('words').textContent);
function T(s, v){const t = WORDS[s] ?? s, vs = v||{};
 // One pass: a name that says "{target}" stays a name.
 return t.replace(/\\{(\\w+)\\}/g, (m, k) => k in vs ? String(vs[k]) : m);}
const tables = {};
let standings = [], ratings = [], seating = null, round = 1, repeats = [];
const key = new URLSearchParams(location.search).get('key');
function el(tag, cls, text){const e=document.createElement(tag);if(cls)e.className=cls;
 if(text!==undefined)e.textContent=text;return e;}
function describe(ev, st){
 if(!ev||!st) return '';
 const who = s => (st.players||[])[s] ?? '?';
 switch(ev.event){
  case 'guess': return T("{name} guessed {target}'s {panel} {number} is {value}: {verdict}",
    {name: who(ev.seat), target: who(ev.target), panel: T('panel'), number: ev.slot+1,
     value: ev.value, verdict: T(ev.correct?'right':'wrong')});
  case 'draw': return T(ev.color==='D'?'{name} drew a dark {panel}':'{name} drew a light {panel}',
    {name: who(ev.seat), panel: T('panel')});
  case 'deal': return T('dealing');
  case 'round': return T('round {number} begins', {number: st.round});
  case 'place': return T('{name} placed the drawn {panel} face up',
    {name: who(ev.seat), panel: T('panel')});
  case 'reveal': return T('{name} knocked down one of their {panels}',
    {name: who(ev.seat), panels: T('panels')});
  case 'stop': return T('{name} stopped', {name: who(ev.seat)});
  case 'timeout': return T('{name} ran out of time', {name: who(ev.seat)});
  case 'undo': return T('the last action was taken back');
  default: return '';
 }
}
function card(t){
 const c = el('div','card'); c.id='table-'+t.table;
 const h = el('h2'); h.append(el('span','', T('Table {number}', {number: t.table})));
 h.append(el('span', t.status==='offline'?'off':'on', t.status==='offline'?T('offline'):
   (t.state&&t.state.finished?T('finished'):(t.state?T('round {number}/{rounds}',
    {number: t.state.round, rounds: t.state.rounds}):''))));
 c.append(h);
 const st = t.state;
 if(!st){c.append(el('div','last',T('waiting for a game')));return c;}
 st.players.forEach((name,s)=>{
  const row = el('div','seat'+(st.turn===s?' turn':'')+(st.out[s]?' out':''));
  row.append(el('span','name',name));
  const tiles = el('span');
  (st.rows[s]||[]).forEach(p=>{
   const v = p.value===null? '' : p.value;
   tiles.append(el('span','tile '+(p.dark?'D':'L')+(p.value===null?'':' up'), v));
  });
  row.append(tiles); row.append(el('span','pts', String(st.totals[s])));
  c.append(row);
 });
 c.append(el('div','last', describe(t.last, st)));
 return c;
}
function drawTables(){
 const box = document.getElementById('tables');
 Object.keys(tables).map(Number).sort((a,b)=>a-b).forEach(n=>{
  const old = document.getElementById('table-'+n), fresh = card(tables[n]);
  if(old) old.replaceWith(fresh); else box.append(fresh);
 });
}
function drawSide(){
 document.getElementById('round').textContent = T('Round {number}', {number: round});
 const body = document.querySelector('#standings tbody'); body.textContent='';
 standings.forEach(s=>{const tr=el('tr');
  // A name that looks like an earlier player's says so beside it: "Аnn ≠ Ann".
  const who = s.looks_like ? s.name+' \u2260 '+s.looks_like : s.name;
  [s.rank,who,s.points,s.games,s.wins].forEach((v,i)=>tr.append(el('td',i>1?'n':'',String(v))));
  body.append(tr);});
 const rbody = document.querySelector('#ratings tbody'); rbody.textContent='';
 ratings.forEach((r,i)=>{const tr=el('tr');
  const who = r.looks_like ? r.name+' \u2260 '+r.looks_like : r.name;
  [i+1,who,r.rating.toFixed(1),r.games].forEach((v,j)=>tr.append(el('td',j>1?'n':'',String(v))));
  rbody.append(tr);});
 // A game published again (another name, another seed) counts once: the organiser sees
 // which copy was left out and which game it repeats.
 const rbox = document.getElementById('repeats'); rbox.textContent='';
 document.getElementById('uncounted').hidden = !repeats.length;
 repeats.forEach(r=>{const f = r.same_as||{};
  rbox.append(el('div','', f.night
   ? T('Table {number}, {game}: the same game as {first} of {night}',
    {number: r.table, game: r.game, first: f.game, night: f.night})
   : T("Table {number}, {game}: the same game as table {table}'s {first}",
    {number: r.table, game: r.game, table: f.table, first: f.game})));});
 const box = document.getElementById('seating'); box.textContent='';
 if(!seating){box.textContent=T('not set yet');return;}
 seating.tables.forEach((t,i)=>box.append(el('div','', T('Table {number}: {names}',
  {number: i+1, names: t.join(', ')}))));
 if(seating.byes.length) box.append(el('div','', T('Bye: {names}',
  {names: seating.byes.join(', ')})));
 if(key && document.activeElement!==document.getElementById('edit'))
  document.getElementById('edit').value = seating.tables.map((t,i)=>(i+1)+': '+t.join(', '))
   .concat(seating.byes.length?['bye: '+seating.byes.join(', ')]:[]).join('\\n');
}
function take(doc){
 if(doc.event) document.getElementById('title').textContent=T('Coda club night · {event}',
  {event: doc.event});
 if(doc.round) round = doc.round;
 Object.values(doc.tables||{}).forEach(t=>{tables[t.table]=t;});
 if(doc.standings) standings = doc.standings;
 if(doc.ratings) ratings = doc.ratings;
 if('seating' in doc) seating = doc.seating;
 if(doc.not_counted) repeats = doc.not_counted;
 drawTables(); drawSide();
 document.body.dataset.version = doc.version;
}
async function post(path, body){
 const r = await fetch(path+'?key='+encodeURIComponent(key),{method:'POST',body:body||''});
 const d = await r.json(); document.getElementById('said').textContent = d.error||T('saved');
}
take(JSON.parse(document.getElementById('initial').textContent));
const es = new EventSource('api/stream?since='+(document.body.dataset.version||''));
es.onmessage = m => take(JSON.parse(m.data));
if(key){
 document.getElementById('organiser').style.display='block';
 document.getElementById('next').onclick=()=>post('api/next-round');
 document.getElementById('save').onclick=()=>post('api/seating',document.getElementById('edit').value);
}
</script></body></html>
"""
