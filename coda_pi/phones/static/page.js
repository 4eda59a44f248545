/* The seat page: pair with a seat, then show that seat's page and send its taps.
   Plain script for old phone browsers: XMLHttpRequest, no framework, no module. */
(function () {
  "use strict";
  var KEY = "coda-pi-seat";
  var secret = null;
  var version = 0;
  var words = {};
  var page = null;
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
      var main = $("main");
      main.innerHTML = "";
      status(note || "");
      main.appendChild(el("h2", "", say("choose")));
      for (var i = 0; i < obj.seats.length; i++) {
        var s = obj.seats[i];
        var b = el("button", "wide", say("seat", {number: s.seat + 1}) + " " + s.name);
        b.setAttribute("data-seat", String(s.seat));
        b.onclick = (function (seat) { return function () { askSeat(seat); }; })(s.seat);
        main.appendChild(b);
      }
    });
  }
  function askSeat(seat) {
    request("POST", "/api/pair", {seat: seat}, function (code, obj) {
      if (code !== 200 || !obj) { chooseSeat(); return; }
      var main = $("main");
      main.innerHTML = "";
      main.appendChild(el("h2", "", say("press", {number: seat + 1})));
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
  function tap(body) {
    request("POST", "/api/tap", body, function (code) {
      if (code === 403) { chooseSeat(words.unpaired); }
    });
  }
  function tile(t, extra) {
    var cls = "tile " + (t.dark === null ? "" : (t.dark ? "dark" : "light"));
    if (t.revealed) { cls += " down"; }
    if (t.highlight || t.current) { cls += " hi"; }
    if (t.label === null || t.label === undefined) { cls += " empty"; }
    var e = el("div", cls + (extra || ""), t.label === null || t.label === undefined ? "?" : t.label);
    return e;
  }
  function rowOf(tiles) {
    var r = el("div", "row");
    for (var i = 0; i < tiles.length; i++) { r.appendChild(tile(tiles[i])); }
    return r;
  }
  function button(text, cls, attr, value, body) {
    var b = el("button", cls, text);
    b.setAttribute(attr, value);
    b.onclick = function () { tap(body); };
    return b;
  }
  function render(p) {
    var pub = p.public;
    document.documentElement.lang = p.lang;
    var name = pub.table && pub.table.seats[p.seat] ? pub.table.seats[p.seat].name :
      (p.name || "");
    $("who").textContent = say("seat", {number: p.seat + 1}) + " " + name;
    $("title").textContent = pub.title || "";
    var timer = $("timer");
    timer.textContent = pub.timer ? String(pub.timer.seconds_left) : "";
    timer.className = pub.timer && pub.timer.urgent ? "urgent" : "";
    var banner = $("banner");
    banner.textContent = pub.banner ? pub.banner.text : "";
    banner.className = pub.banner ? pub.banner.kind : "";
    var main = $("main");
    main.innerHTML = "";
    var priv = p.private;
    var act = p.actions;
    if (priv && priv.kind === "EntryPrivateView") {
      main.appendChild(el("h2", "", priv.title));
      if (priv.row.length) { main.appendChild(rowOf(priv.row)); }
      main.appendChild(rowOf(priv.slots));
      main.appendChild(el("p", "prompt", priv.question));
    } else if (priv && priv.kind === "MastermindPrivateView") {
      main.appendChild(el("h2", "", say("your_code")));
      var code = el("div", "tile code", priv.code);
      code.id = "code";
      main.appendChild(code);
      main.appendChild(el("p", "prompt", priv.prompt));
    } else if (priv && priv.row) {
      /* Training hints show the attacked seat's row with its likeliest numbers, not ours. */
      main.appendChild(el("h2", "", say(priv.purpose === "hints" ? "hints" : "your_row")));
      main.appendChild(rowOf(priv.row));
      if (priv.drawn) {
        main.appendChild(el("p", "", say("drawn")));
        main.appendChild(rowOf([priv.drawn]));
      }
      main.appendChild(el("p", "prompt", priv.prompt));
    } else if (p.own) {
      main.appendChild(el("h2", "", say("your_row")));
      main.appendChild(rowOf(p.own.row));
      if (p.own.drawn) {
        main.appendChild(el("p", "", say("drawn")));
        main.appendChild(rowOf([p.own.drawn]));
      }
    }
    if (priv && priv.message) { main.appendChild(el("p", "msg", priv.message)); }
    if (p.review) {
      /* After the game: this seat's own part of the review (text only, never HTML). */
      main.appendChild(el("h2", "", say("your_review")));
      for (var r = 0; r < p.review.length; r++) {
        main.appendChild(el("p", p.review[r].good ? "review good" : "review", p.review[r].text));
      }
    }
    if (act.grid) {
      for (var c = 0; c < act.grid.colours.length; c++) {
        var colour = act.grid.colours[c];
        var grid = el("div", "grid");
        for (var v = 0; v < act.grid.values.length; v++) {
          var raw = act.grid.raw[v];
          grid.appendChild(button(act.grid.values[v], colour, "data-tile",
            (colour === "dark" ? "D" : "L") + raw, {kind: "tile", dark: colour === "dark", value: raw}));
        }
        main.appendChild(grid);
      }
    }
    if (act.confirm) {
      main.appendChild(button(say("confirm"), "wide", "data-key", "ok", {kind: "key", key: "ok"}));
    }
    var screen = pub.screen;
    if (screen && screen.prompt && !(priv && priv.kind === "EntryPrivateView")) {
      main.appendChild(el("p", "prompt", screen.prompt));
    }
    if (screen && screen.kind === "TurnView" && screen.seat === p.seat && act.keys) {
      choices(main, screen, pub.table);
    }
    for (var t = 0; t < act.targets.length; t++) {
      var seat = act.targets[t];
      var who = pub.table.seats[seat];
      var box = el("div", "");
      box.appendChild(button(say("attack") + " " + who.name, "wide", "data-target", String(seat),
        {kind: "target", target: seat}));
      box.appendChild(rowOf(who.row));
      main.appendChild(box);
    }
    if (act.keys) {
      var keys = el("div", "keys");
      keys.appendChild(button("\u25C0", "", "data-key", "prev", {kind: "key", key: "prev"}));
      keys.appendChild(button("OK", "", "data-key", "ok", {kind: "key", key: "ok"}));
      keys.appendChild(button("\u25B6", "", "data-key", "next", {kind: "key", key: "next"}));
      keys.appendChild(button(say("back"), "", "data-key", "back", {kind: "key", key: "back"}));
      main.appendChild(keys);
    } else if (!priv) {
      main.appendChild(el("p", "prompt", say("wait")));
    }
    var leave = el("button", "wide", say("leave"));
    leave.setAttribute("data-leave", "1");
    leave.onclick = function () {
      if (!window.confirm(say("leave") + "?")) { return; }
      request("POST", "/api/leave", {}, function () {
        try { window.localStorage.removeItem(KEY); } catch (e) { /* a private tab */ }
        chooseSeat();
      });
    };
    main.appendChild(leave);
  }

  /* The turn's choices in one tap each: the device presses its own buttons for them. */
  function choices(main, screen, table) {
    var grid, i;
    if (screen.step === "choose_color") {
      grid = el("div", "grid two");
      var sides = [[true, screen.dark_left], [false, screen.light_left]];
      for (i = 0; i < 2; i++) {
        if (!sides[i][1]) { continue; }
        grid.appendChild(button(say(sides[i][0] ? "dark" : "light") + " \u00B7 " +
          say("left", {count: sides[i][1]}), sides[i][0] ? "dark small" : "light small",
          "data-colour", sides[i][0] ? "dark" : "light", {kind: "colour", dark: sides[i][0]}));
      }
      main.appendChild(grid);
    } else if (screen.step === "slot" && screen.target !== null) {
      main.appendChild(el("p", "prompt", say("which_panel")));
      var row = table.seats[screen.target].row;
      var r = el("div", "row");
      for (i = 0; i < row.length; i++) {
        var panel = row[i];
        if (panel.revealed || panel.label !== null) { r.appendChild(tile(panel)); continue; }
        r.appendChild(button(String(i + 1), "tile " + (panel.dark ? "dark" : "light"),
          "data-slot", String(i), {kind: "slot", target: i}));
      }
      main.appendChild(r);
    } else if (screen.step === "value" && screen.target !== null) {
      main.appendChild(el("p", "prompt", say("which_number")));
      var dark = table.seats[screen.target].row[screen.slot].dark;
      grid = el("div", "grid");
      for (i = 0; i < screen.values.length; i++) {
        grid.appendChild(button(screen.values[i], dark ? "dark" : "light", "data-guess",
          screen.values[i], {kind: "guess", value: screen.values[i]}));
      }
      main.appendChild(grid);
    } else if (screen.step === "continue") {
      grid = el("div", "grid two");
      grid.appendChild(button(say("again"), "", "data-goon", "1", {kind: "go_on", dark: true}));
      grid.appendChild(button(say("stop"), "", "data-goon", "0", {kind: "go_on", dark: false}));
      main.appendChild(grid);
    }
  }

  if (secret) { poll(); } else { chooseSeat(); }
})();
