// The table page: turns clicks and keys into answers. It decides nothing: legal keys and reasons
// come with the decision from the server, and tile previews are asked of the server.
(function () {
  "use strict";
  const game = window.GAME;
  const decision = game.decision;
  const message = document.getElementById("message");
  // the page's words in its language (window.WORDS from game.html; English where none is given)
  const t = text => (window.WORDS || {})[text] || text;
  const say = (text, bad) => { message.textContent = text; message.className = "message" + (bad ? " bad" : ""); };
  // a refusal with the rule it rests on, linked to the Rules page ({id, link} from the server)
  const sayRefused = (text, rule) => {
    say(text, true);
    if (!rule) return;
    const link = document.createElement("a");
    link.className = "rule-link"; link.href = rule.link; link.textContent = `[${rule.id}]`;
    message.append(" ", link);
  };
  // the page's CSRF token (base.html's meta tag): every POST carries it
  const csrfToken = () => { const m = document.querySelector('meta[name="csrf-token"]'); return m ? m.content : ""; };
  // the game's address, rendered by the shared page template (base.html) because each game's plug-in
  // chooses its own paths (WebHooks.pages): every request of this script is built on it
  const base = document.body.dataset.gameUrl;
  const here = () => base + (game.seat ? `?seat=${game.seat}` : "");
  async function post(path, body) {
    const response = await fetch(`${base}/${path}`, {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(Object.assign({ seat: game.seat }, body)),
    });
    let data = {};
    try { data = await response.json(); } catch (e) { data = { error: `the server answered ${response.status}` }; }
    return [response.ok, data];
  }

  // the timeline: the current step in view inside the timeline's own box (the question never scrolls away)
  const jump = document.getElementById("round-jump");
  if (jump) jump.addEventListener("change", () => { location.href = `?step=${jump.value}` + (game.seat ? `&seat=${game.seat}` : ""); });
  const current = document.querySelector("#log .current");
  const log = document.getElementById("log");
  if (current && log) log.scrollTop = current.offsetTop - log.clientHeight / 2;

  // zoom: the board's width as a share of its box (1: fit the width); kept between pages
  const box = document.getElementById("zoom-box");
  // a phone starts zoomed in on the board (it scrolls sideways inside its box); + / − / fit change it
  let zoom = +(localStorage.getItem("rulesdsl-zoom") || (window.innerWidth < 820 ? 2.2 : 1));
  const setZoom = z => { zoom = Math.min(3, Math.max(0.5, z)); box.style.setProperty("--zoom", zoom); localStorage.setItem("rulesdsl-zoom", zoom); };
  setZoom(zoom);
  document.querySelectorAll("#zoom button").forEach(b => b.addEventListener("click", () => {
    const step = +b.dataset.zoom; setZoom(step === 0 ? 1 : zoom * (step > 0 ? 1.25 : 0.8));
  }));
  document.querySelectorAll(".player-panel .enlarge").forEach(b => b.addEventListener("click", e => {
    e.preventDefault(); b.closest(".player-panel").classList.toggle("wide");
  }));

  const undo = document.getElementById("undo");
  async function takeBack() {
    const [ok, body] = await post("undo", {});
    if (!ok) { say(t("cannot undo:") + " " + body.error, true); return; }
    location.href = here();
  }
  if (undo) undo.addEventListener("click", takeBack);
  const branch = document.getElementById("branch");
  if (branch) branch.addEventListener("click", async () => {
    const [ok, body] = await post("branch", { step: +branch.dataset.step });
    if (!ok) { say(t("cannot play on from here:") + " " + body.error, true); return; }
    location.href = body.url;
  });

  async function answer(key) {
    const [ok, body] = await post("answer", { key: key });
    if (!ok) { sayRefused(t("refused:") + " " + body.error, body.rule); return; }
    location.href = here();
  }
  window.rulesdslAnswer = answer;

  const numbered = Array.from(document.querySelectorAll("#options button.option:not([disabled])"));
  document.querySelectorAll("button.option:not([disabled])").forEach(b => b.addEventListener("click", () => answer(b.dataset.key)));
  const nav = id => { const a = document.getElementById(id); if (a) location.href = a.href; };
  const rotateButton = document.getElementById("rotate");
  const mirrorButton = document.getElementById("mirror");
  document.addEventListener("keydown", e => {
    if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/^[1-9]$/.test(e.key) && numbered[+e.key - 1]) { e.preventDefault(); answer(numbered[+e.key - 1].dataset.key); }
    else if (e.key === "u" && undo) takeBack();
    else if (e.key === "+" || e.key === "=") setZoom(zoom * 1.25);
    else if (e.key === "-") setZoom(zoom * 0.8);
    else if (e.key === "0") setZoom(1);
    else if (e.key === "ArrowLeft") nav("prev");
    else if (e.key === "ArrowRight") nav("next");
    else if (e.key === "r" && rotateButton) rotateButton.click();
    else if (e.key === "m" && mirrorButton) mirrorButton.click();
  });

  if (!decision) return;

  // spaces of the action board
  document.querySelectorAll("g.space").forEach(g => {
    const info = decision.spaces[g.dataset.space];
    if (!info) return;
    g.classList.add(info.legal ? "legal" : "refused-space");
    g.addEventListener("click", () => {
      if (info.legal) answer(g.dataset.space);
      else sayRefused(`${info.label}: ${t("not possible")} — ${info.reason}`, info.rule);
    });
  });

  // tiles onto squares: the player's own boards in view
  if (!decision.placements.length) return;
  const mine = document.querySelector(`.player-panel[data-player="${decision.index}"]`);
  const area = document.getElementById("board-area");
  if (mine && area && getComputedStyle(area).overflowY !== "visible") area.scrollTop = mine.offsetTop - area.offsetTop;
  const state = { turn: 0, mirror: false };
  const pieceSelect = document.getElementById("piece");
  const piece = () => (pieceSelect ? pieceSelect.value : (decision.pieces[0] || ""));
  const words = text => text.replace(/_/g, " ");
  const turnLabel = document.getElementById("turn");
  const mirrorLabel = document.getElementById("mirrored");
  let last = null;
  function rotate() { state.turn = (state.turn + 90) % 360; turnLabel.textContent = state.turn + "°"; if (last) preview(...last); }
  function mirror() { state.mirror = !state.mirror; mirrorLabel.textContent = t(state.mirror ? "turned over" : "face up"); if (last) preview(...last); }
  rotateButton.addEventListener("click", rotate);
  mirrorButton.addEventListener("click", mirror);

  function clearOverlay() { document.querySelectorAll(".preview-square").forEach(el => el.remove()); }
  async function verdict(board, row, column) {
    const query = new URLSearchParams({ area: board.dataset.board, row: row, column: column, turn: state.turn,
                                        mirror: state.mirror ? "1" : "0", piece: piece() });
    const response = await fetch(`${base}/preview?` + query);
    return response.json();
  }
  async function preview(board, row, column) {
    last = [board, row, column];
    const v = await verdict(board, row, column);
    clearOverlay();
    if (v.error) { say(v.error, true); return v; }
    const sample = board.querySelector("rect.square");
    const size = sample ? +sample.getAttribute("width") : 34;
    for (const [r, c] of v.squares) {
      const cell = board.querySelector(`rect.square[data-square="${r},${c}"]`);
      if (!cell) continue;
      const overlay = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      overlay.setAttribute("x", cell.getAttribute("x")); overlay.setAttribute("y", cell.getAttribute("y"));
      overlay.setAttribute("width", size); overlay.setAttribute("height", size);
      overlay.setAttribute("class", "preview-square " + (v.legal ? "ok" : "bad"));
      board.appendChild(overlay);
    }
    const text = document.getElementById("preview");
    text.textContent = v.legal ? `${words(piece())} ${t("at")} ${v.at}, ${state.turn}°${state.mirror ? ", " + t("turned over") : ""}: ${t("fits — click to place")}`
                               : `${words(piece())} ${t("at")} ${v.at}: ${t("does not fit")} — ${v.reason}`;
    text.className = "preview " + (v.legal ? "ok" : "bad");
    return v;
  }
  const areas = new Set(decision.areas);
  document.querySelectorAll(`g.player[data-player="${decision.index}"] svg.board`).forEach(board => {
    if (!areas.has(board.dataset.board)) return;
    board.classList.add("placing");
    board.querySelectorAll("rect.square").forEach(cell => {
      const [row, column] = cell.dataset.square.split(",").map(Number);
      cell.addEventListener("mouseenter", () => preview(board, row, column));
    });
    board.addEventListener("click", async e => {
      const cell = e.target.closest("rect.square");
      if (!cell) return;
      const [row, column] = cell.dataset.square.split(",").map(Number);
      const v = await preview(board, row, column);
      if (v.legal) answer(v.key); else say(`${t("not placed:")} ${v.reason}`, true);
    });
  });
})();
