/* The seat page: pair with a seat, then show that seat's board and send its taps.
   The board is the whole table as this seat sees it (its own row face up, the others as
   the table sees them); one big sentence says what to do now; a tap names what it means
   (a panel to attack, a number, a gap in the row, a peg's colour) and the device turns it
   into its own button presses. Plain script for old phone browsers: XMLHttpRequest, no
   framework, no module. */
(function () {
  "use strict";
  var KEY = "coda-pi-seat";
  var secret = null;
  var version = 0;
  var words = {};
  var page = null;
  var chosen = null;  /* Mastermind key pegs: the black count tapped, before the white */
  try { secret = window.localStorage.getItem(KEY); } catch (e) { secret = null; }

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function say(key, fields) {
    var text = words[key] || key;
    for (var name in fields) { text = text.split("{" + name + "}").join(fields[name]); }
    return text;
  }
  function request(method, path, body, done) {
    var xhr = new XMLHttpRequest();
    xhr.open(method, path, true);
    if (secret) { xhr.setRequestHeader("X-Seat", secret); }
    if (body) { xhr.setRequestHeader("Content-Type", "application/json"); }
    xhr.onreadystatechange = function () {
      if (xhr.readyState !== 4) { return; }
      var obj = null;
      try { obj = xhr.responseText ? JSON.parse(xhr.responseText) : null; } catch (e) { obj = null; }
      done(xhr.status, obj);
    };
    var text = body ? JSON.stringify(body) : null;
    /* Every request body the same length: TLS hides bytes, not their count ("10" vs "1"). */
    if (text) { while (text.length < 120) { text += " "; } }
    xhr.send(text);
  }
  function status(text) { $("status").textContent = text || ""; }

  /* ---- pairing ---------------------------------------------------------------------- */
  function chooseSeat(note) {
    secret = null;
    request("GET", "/api/seats", null, function (code, obj) {
      if (code !== 200 || !obj) { status(words.lost || "..."); setTimeout(function () { chooseSeat(note); }, 2000); return; }
      words = obj.words || words;
      if (obj.lang) { document.documentElement.lang = obj.lang; }
      var main = $("main");
      main.innerHTML = "";
      $("board").innerHTML = "";
      $("foot").innerHTML = "";
      $("who").textContent = "";
      $("say").textContent = say("choose");
      status(typeof note === "function" ? note() : (note || ""));  /* after the words came */
      for (var i = 0; i < obj.seats.length; i++) {
        var s = obj.seats[i];
        var b = el("button", "wide", s.label || s.name);
        b.setAttribute("data-seat", String(s.seat));
        b.onclick = (function (seat) { return function () { askSeat(seat); }; })(s.seat);
        main.appendChild(b);
      }
      /* The shorter way, for a phone that scanned the bare address: the seat's own code. */
      if (words.quicker) { main.appendChild(el("p", "note", words.quicker)); }
    });
  }
  /* A refused ask (429) says why and when to try again, never a silent seat list. */
  function refused(obj) {
    var why = obj && obj.why ? obj.why : "full";
    return say("busy_" + why, {seconds: obj && obj.retry ? obj.retry : 60});
  }
  function askSeat(seat) {
    request("POST", "/api/pair", {seat: seat}, function (code, obj) {
      if (code === 429) { chooseSeat(function () { return refused(obj); }); return; }
      if (code !== 200 || !obj) { chooseSeat(); return; }
      var main = $("main");
      main.innerHTML = "";
      $("say").textContent = say("press", {number: seat + 1});
      var c = el("p", "prompt", say("code", {code: obj.code}));
      c.id = "pair-code";
      c.setAttribute("data-code", obj.code);
      main.appendChild(c);
      waitPair(obj.rid);
    });
  }
  function waitPair(rid) {
    request("GET", "/api/pair/" + rid, null, function (code, obj) {
      if (code === 200 && obj && obj.secret) {
        secret = obj.secret;
        try { window.localStorage.setItem(KEY, secret); } catch (e) { /* a private tab */ }
        version = 0;
        poll();
      } else if (code === 200) {
        setTimeout(function () { waitPair(rid); }, 700);
      } else if (code === 0) {
        setTimeout(function () { waitPair(rid); }, 2000);
      } else {
        chooseSeat();
      }
    });
  }

  /* The seat's QR code on the device: "#<seat>.<token>" after the address. The token
     is the proof this phone saw the table's screen: opened once, it pairs at once. It is
     taken off the address bar first, so that neither history nor a shared link keeps it. */
  function claimFromAddress() {
    var found = /^#([0-9])\.([A-Za-z0-9_-]{16,64})$/.exec(window.location.hash || "");
    if (!found) { return false; }
    try { window.history.replaceState(null, "", "/"); } catch (e) { window.location.hash = ""; }
    claim(parseInt(found[1], 10), found[2]);
    return true;
  }
  function claim(seat, token) {
    request("POST", "/api/claim", {seat: seat, token: token}, function (code, obj) {
      if (code === 200 && obj && obj.secret) {
        secret = obj.secret;
        try { window.localStorage.setItem(KEY, secret); } catch (e) { /* a private tab */ }
        version = 0;
        poll();
      } else if (code === 429) {
        chooseSeat(function () { return refused(obj); });
      } else if (code === 0) {  /* the Wi-Fi dropped: the same token, a little later */
        setTimeout(function () { claim(seat, token); }, 2000);
      } else {
        chooseSeat(function () { return words.gone; });
      }
    });
  }

  /* ---- the seat's page -------------------------------------------------------------- */
  function poll() {
    request("GET", "/api/page?after=" + version, null, function (code, obj) {
      if (code === 200 && obj) {
        status("");
        version = obj.v;
        page = obj.page;
        words = page.words || words;
        render(page);
        window.codaSeen = version;  /* what a test (or a curious player) can look at */
        poll();
      } else if (code === 204) {
        poll();
      } else if (code === 403) {
        try { window.localStorage.removeItem(KEY); } catch (e) { /* a private tab */ }
        chooseSeat(words.unpaired);
      } else {
        status(words.lost || "...");
        setTimeout(poll, 2000);
      }
    });
  }
  /* A tap names the page it was made from (v): a tap from a page the device has moved on
     from is not done. A tap that did nothing is refused with why (409), never "done":
     the sentence stays until the next tap, and an out-of-date page is fetched again. */
  function tap(body) {
    var sent = {};
    for (var name in body) { sent[name] = body[name]; }
    sent.v = version;
    refusal("");
    request("POST", "/api/tap", sent, function (code, obj) {
      if (code === 403) { chooseSeat(words.unpaired); return; }
      if (code === 409 && obj && obj.refused) {
        refusal(obj.why);
        if (obj.reload) { fresh(); }
      }
    });
  }
  function refusal(text) { $("refused").textContent = text || ""; }
  function fresh() {
    request("GET", "/api/page?after=0&wait=0", null, function (code, obj) {
      if (code !== 200 || !obj || obj.v < version) { return; }
      version = obj.v;
      page = obj.page;
      words = page.words || words;
      render(page);
      window.codaSeen = version;
    });
  }
  function button(text, cls, attr, value, body, label) {
    var b = el("button", cls, text);
    b.setAttribute(attr, value);
    if (label) { b.setAttribute("aria-label", label); }
    b.onclick = function () { tap(body); };
    return b;
  }
  function colourWord(dark) { return say(dark ? "dark" : "light"); }
  function clock(seconds) {
    var s = Math.max(0, seconds);
    var rest = s % 60;
    return Math.floor(s / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  /* One panel: a plain box, or a button when a tap on it means something now. */
  function panel(p, opts) {
    var known = p.label !== null && p.label !== undefined;
    var cls = "tile " + (p.dark ? "dark" : "light");
    if (p.down) { cls += " down"; }
    if (p.hi) { cls += " hi"; }
    if (!known) { cls += " back"; }
    var e = opts.body ? el("button", cls, known ? p.label : "") : el("span", cls, known ? p.label : "");
    e.setAttribute("aria-label", opts.label);
    if (opts.body) {
      e.setAttribute(opts.attr, opts.value);
      e.onclick = function () { tap(opts.body); };
    } else {
      e.setAttribute("role", "img");
    }
    return e;
  }

  function render(p) {
    var pub = p.public;
    var act = p.actions;
    document.documentElement.lang = p.lang;
    $("who").textContent = p.label || p.name || "";
    $("title").textContent = pub.title || "";
    var timer = $("timer");
    if (pub.timer) {
      timer.textContent = clock(pub.timer.seconds_left);
      timer.setAttribute("aria-label", say("time") + " " + clock(pub.timer.seconds_left));
      timer.className = pub.timer.urgent ? "urgent" : (pub.timer.seconds_left <= 15 ? "warn" : "");
    } else {
      timer.textContent = "";
      timer.removeAttribute("aria-label");
      timer.className = "";
    }
    $("say").textContent = p.sentence || "";
    var banner = $("banner");
    banner.textContent = pub.banner ? pub.banner.text : "";
    banner.className = pub.banner ? pub.banner.kind : "";
    var board = $("board");
    board.innerHTML = "";
    var main = $("main");
    main.innerHTML = "";
    $("foot").innerHTML = "";
    var screen = pub.screen;
    if (screen && screen.kind === "MastermindScreen") {
      mastermind(board, main, p, screen);
    } else {
      table(board, p, screen);
      controls(main, p, screen);
    }
    if (p.private && p.private.message) { main.appendChild(el("p", "msg", p.private.message)); }
    if (p.review) {
      /* After the game: this seat's own part of the review (text only, never HTML). */
      main.appendChild(el("h2", "", say("your_review")));
      for (var r = 0; r < p.review.length; r++) {
        main.appendChild(el("p", p.review[r].good ? "review good" : "review", p.review[r].text));
      }
    }
    if (act.arrows) {
      var keys = el("div", "keys");
      keys.appendChild(button("\u25C0", "", "data-key", "prev", {kind: "key", key: "prev"}, say("left_arrow")));
      keys.appendChild(button(say("done"), "", "data-key", "ok", {kind: "key", key: "ok"}));
      keys.appendChild(button("\u25B6", "", "data-key", "next", {kind: "key", key: "next"}, say("right_arrow")));
      main.appendChild(keys);
    }
    var leave = el("button", "leave", say("leave"));
    leave.setAttribute("data-leave", "1");
    leave.onclick = function () {
      if (!window.confirm(say("leave") + "?")) { return; }
      request("POST", "/api/leave", {}, function () {
        try { window.localStorage.removeItem(KEY); } catch (e) { /* a private tab */ }
        chooseSeat();
      });
    };
    $("foot").appendChild(leave);
  }

  /* ---- Coda: the table -------------------------------------------------------------- */
  function table(board, p, screen) {
    var act = p.actions;
    var rows = p.board || [];
    var mine = null;
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].me) { mine = rows[i]; continue; }
      board.appendChild(seatRow(rows[i], act.attack, screen));
    }
    if (mine) {
      board.appendChild(ownRow(mine, p, screen));
    } else if (p.own && p.own.row.length) {
      board.appendChild(ownRow({name: p.label, row: p.own.row, turn: false, out: false,
        total: null, me: true}, p, screen));
    }
  }
  function seatHead(s) {
    var head = el("div", "seat-head");
    var name = s.me ? say("your_row") : s.name;
    if (s.turn) { name = "\u25B6 " + (s.me ? say("your_turn") : say("turn_of", {name: s.name})); }
    head.appendChild(el("span", s.turn ? "name turn" : "name", name));
    if (s.out) { head.appendChild(el("span", "out", say("out"))); }
    if (s.total !== null && s.total !== undefined) { head.appendChild(el("span", "pts", say("points", {count: s.total}))); }
    return head;
  }
  function seatRow(s, attack, screen) {
    var box = el("section", "seat" + (s.turn ? " on-turn" : ""));
    box.setAttribute("data-row", String(s.seat));
    box.appendChild(seatHead(s));
    var r = el("div", "row");
    for (var i = 0; i < s.row.length; i++) {
      var t = s.row[i];
      var state = t.down ? say("down") + " " + t.label : say("standing");
      var label = say("panel_of", {name: s.name, number: i + 1, colour: colourWord(t.dark), state: state});
      var canTap = attack && !t.down && !s.out;
      r.appendChild(panel(t, canTap ? {label: label, attr: "data-attack", value: s.seat + ":" + i,
        body: {kind: "attack", target: s.seat, slot: i}} : {label: label}));
    }
    if (s.holding !== null && s.holding !== undefined) {
      r.appendChild(panel({dark: s.holding, label: null}, {label: say("holds", {colour: colourWord(s.holding)})}));
      r.lastChild.className += " held";
    }
    box.appendChild(r);
    return box;
  }
  function ownRow(s, p, screen) {
    var act = p.actions;
    var box = el("section", "seat mine" + (s.turn ? " on-turn" : ""));
    box.setAttribute("data-row", "me");
    box.appendChild(seatHead(s));
    var r = el("div", "row");
    var own = p.own ? p.own.row : [];
    for (var i = 0; i <= s.row.length; i++) {
      if (act.place) {
        r.appendChild(button("+", "gap", "data-place", String(i), {kind: "place", slot: i},
          say("gap", {number: i + 1})));
      }
      if (i === s.row.length) { break; }
      var t = s.row[i];
      var label = own[i] && own[i].label !== null ? own[i].label : (t.label || "?");
      var tile = {dark: t.dark, label: label, down: t.down, hi: t.hi};
      var name = say("your_panel", {number: i + 1, colour: colourWord(t.dark), label: label,
        state: t.down ? say("known") : say("standing")});
      r.appendChild(panel(tile, act.reveal && !t.down ? {label: name, attr: "data-reveal",
        value: String(i), body: {kind: "reveal", slot: i}} : {label: name}));
    }
    box.appendChild(r);
    if (p.own && p.own.drawn) {
      var d = el("div", "row drawn");
      d.appendChild(el("span", "note", say("drawn")));
      var dl = p.own.drawn.label;
      d.appendChild(panel({dark: p.own.drawn.dark, label: dl}, {label: say("drawn") + ": " +
        colourWord(p.own.drawn.dark) + " " + (dl === null ? "" : dl)}));
      box.appendChild(d);
    }
    return box;
  }

  /* ---- Coda: what the step at hand takes -------------------------------------------- */
  function controls(main, p, screen) {
    var act = p.actions;
    var priv = p.private;
    var i, grid;
    if (priv && priv.kind === "PrivateView" && (priv.purpose === "deal" || priv.purpose === "hints")) {
      /* The dealt row (its colours first, "?" until dealt), or training hints: another
         seat's row with its likeliest numbers. */
      main.appendChild(el("h2", "", priv.purpose === "hints" ? say("hints") : (priv.note || say("your_row"))));
      var prow = el("div", "row");
      for (i = 0; i < priv.row.length; i++) {
        var pt = priv.row[i];
        /* No colour yet ("any mix"): neither dark nor light, as an entry's unset slot. */
        var pe = panel({dark: pt.dark === null ? false : pt.dark, label: pt.label, hi: pt.highlight},
          {label: (pt.dark === null ? "?" : colourWord(pt.dark)) + " " + pt.label});
        if (pt.dark === null) { pe.className += " unset"; }
        prow.appendChild(pe);
      }
      main.appendChild(prow);
    }
    if (priv && priv.kind === "EntryPrivateView") {
      var slots = el("div", "row");
      for (i = 0; i < priv.slots.length; i++) {
        var s = priv.slots[i];
        var e = panel({dark: s.dark === null ? false : s.dark, label: s.label, hi: s.current},
          {label: (s.dark === null ? "?" : colourWord(s.dark)) + " " + (s.label || "?")});
        if (s.dark === null) { e.className += " unset"; }
        slots.appendChild(e);
      }
      main.appendChild(el("h2", "", priv.title));
      main.appendChild(slots);
    }
    if (act.grid) {
      for (var c = 0; c < act.grid.colours.length; c++) {
        var colour = act.grid.colours[c];
        grid = el("div", "grid");
        for (var v = 0; v < act.grid.values.length; v++) {
          var raw = act.grid.raw[v];
          grid.appendChild(button(act.grid.values[v], colour, "data-tile",
            (colour === "dark" ? "D" : "L") + raw, {kind: "tile", dark: colour === "dark", value: raw},
            say(colour) + " " + act.grid.values[v]));
        }
        main.appendChild(grid);
      }
    }
    if (act.confirm) {
      main.appendChild(button(say("confirm"), "wide go", "data-key", "ok", {kind: "key", key: "ok"}));
    }
    if (priv && priv.kind === "EntryPrivateView" && (act.grid || act.confirm) && !priv.slots[0].current) {
      /* A panel tapped wrong: the entry steps back to it (the device's BACK). */
      main.appendChild(button(say("undo_panel"), "wide", "data-key", "back", {kind: "key", key: "back"}));
    }
    if (!screen || screen.kind !== "TurnView" || screen.seat !== p.seat || !act.keys) { return; }
    if (screen.step === "choose_color") {
      grid = el("div", "grid two");
      var sides = [[true, screen.dark_left], [false, screen.light_left]];
      for (i = 0; i < 2; i++) {
        if (!sides[i][1]) { continue; }
        grid.appendChild(button(colourWord(sides[i][0]) + " \u00B7 " +
          say("left", {count: sides[i][1]}), sides[i][0] ? "dark small" : "light small",
          "data-colour", sides[i][0] ? "dark" : "light", {kind: "colour", dark: sides[i][0]}));
      }
      main.appendChild(grid);
    } else if (screen.step === "value" && screen.target !== null) {
      var dark = true;
      for (i = 0; i < p.board.length; i++) {
        if (p.board[i].seat === screen.target) { dark = p.board[i].row[screen.slot].dark; }
      }
      grid = el("div", "grid");
      for (i = 0; i < screen.values.length; i++) {
        grid.appendChild(button(screen.values[i], dark ? "dark" : "light", "data-guess",
          screen.values[i], {kind: "guess", value: screen.values[i]},
          colourWord(dark) + " " + screen.values[i]));
      }
      main.appendChild(grid);
      main.appendChild(button(say("another"), "wide", "data-key", "back", {kind: "key", key: "back"}));
    } else if (screen.step === "continue") {
      main.appendChild(button(say("stop"), "wide go", "data-goon", "0", {kind: "go_on", dark: false}));
    }
  }

  /* ---- Mastermind ------------------------------------------------------------------- */
  function peg(letter, attrs) {
    var e = attrs && attrs.body ? el("button", "peg p" + letter) : el("span", "peg p" + letter);
    var name = letter === "?" ? "?" : say("peg_" + letter);
    e.setAttribute("aria-label", name);
    if (attrs && attrs.body) {
      e.setAttribute("data-peg", letter);
      e.onclick = function () { tap(attrs.body); };
    } else {
      e.setAttribute("role", "img");
    }
    return e;
  }
  function mastermind(board, main, p, screen) {
    var act = p.actions;
    var i, j, r;
    var list = el("section", "mm-board");
    list.setAttribute("aria-label", say("board"));
    for (i = 0; i < screen.board.length; i++) {
      var row = screen.board[i];
      r = el("div", "mm-row");
      for (j = 0; j < row.guess.length; j++) { r.appendChild(peg(row.guess.charAt(j))); }
      r.appendChild(el("span", "mm-keys", "\u25CF" + row.black + " \u25CB" + row.white));
      r.lastChild.setAttribute("aria-label", say("keys_of", {black: row.black, white: row.white}));
      list.appendChild(r);
    }
    var entry = p.private && p.private.kind === "MastermindPrivateView" ? p.private.code : screen.entry;
    if (entry && (act.pegs || act.counts)) {
      r = el("div", "mm-row entry");
      r.id = "code";
      for (j = 0; j < entry.length; j++) {
        /* A hole not tapped yet shows empty: the device starts it at the row before's
           colour (quick on its buttons), which a thumb never chose. */
        var untapped = act.pegs && screen.step === "guess" && screen.hole !== null && j >= screen.hole;
        r.appendChild(peg(untapped ? "?" : entry.charAt(j)));
      }
      list.appendChild(r);
    }
    if (screen.code) {
      r = el("div", "mm-row code");
      for (j = 0; j < screen.code.length; j++) { r.appendChild(peg(screen.code.charAt(j))); }
      list.appendChild(r);
    }
    board.appendChild(list);
    if (screen.message) { main.appendChild(el("p", "prompt", screen.message)); }
    if (act.pegs) {
      var pal = el("div", "grid palette");
      for (i = 0; i < screen.palette.length; i++) {
        var letter = screen.palette.charAt(i);
        pal.appendChild(peg(letter, {body: {kind: "peg", value: letter}}));
      }
      main.appendChild(pal);
      main.appendChild(button(say("back"), "wide", "data-key", "back", {kind: "key", key: "back"}));
    }
    if (act.counts) {
      var pegs = screen.pegs;
      main.appendChild(el("h2", "", say("black")));
      var blacks = el("div", "grid counts");
      for (i = 0; i <= pegs; i++) {
        var b = el("button", "count" + (chosen === i ? " hi" : ""), String(i));
        b.setAttribute("data-black", String(i));
        b.setAttribute("aria-label", say("black") + " " + i);
        b.onclick = (function (n) { return function () {
          chosen = n;
          if (n === pegs) { chosen = null; tap({kind: "keys", black: n, white: 0}); } else { render(page); }
        }; })(i);
        blacks.appendChild(b);
      }
      main.appendChild(blacks);
      if (chosen !== null) {
        main.appendChild(el("h2", "", say("white")));
        var whites = el("div", "grid counts");
        for (i = 0; i <= pegs - chosen; i++) {
          var w = el("button", "count", String(i));
          w.setAttribute("data-white", String(i));
          w.setAttribute("aria-label", say("white") + " " + i);
          w.onclick = (function (n) { return function () {
            var black = chosen;
            chosen = null;
            tap({kind: "keys", black: black, white: n});
          }; })(i);
          whites.appendChild(w);
        }
        main.appendChild(whites);
      }
    } else {
      chosen = null;
    }
  }

  /* A seat's code opened in this very tab changes only the address's fragment: a fresh
     load claims it (and ends this page's polling for the seat it held). */
  window.addEventListener("hashchange", function () {
    if (/^#[0-9]\./.test(window.location.hash)) { window.location.reload(); }
  });
  if (claimFromAddress()) { return; }
  if (secret) { poll(); } else { chooseSeat(); }
})();
