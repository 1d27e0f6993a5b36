// The table page: turns clicks into answers. It decides nothing: legal keys and reasons come
// with the decision from the server, and tile previews are asked of the server.
(function () {
  "use strict";
  const game = window.GAME;
  const decision = game.decision;
  const message = document.getElementById("message");
  const say = (text, bad) => { message.textContent = text; message.className = "message" + (bad ? " bad" : ""); };

  const jump = document.getElementById("round-jump");
  if (jump) jump.addEventListener("change", () => { location.search = "?step=" + jump.value; });
  const current = document.querySelector("#log .current");
  if (current) current.scrollIntoView({ block: "nearest" });

  // the page's CSRF token (base.html's meta tag): every POST carries it
  const csrfToken = () => { const m = document.querySelector('meta[name="csrf-token"]'); return m ? m.content : ""; };
  if (!decision) return;

  async function answer(key) {
    const response = await fetch(`/game/${game.id}/answer`, {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() }, body: JSON.stringify({ key: key }),
    });
    const body = await response.json();
    if (!response.ok) { say("refused: " + body.error, true); return; }
    location.href = `/game/${game.id}`;
  }
  window.rulesdslAnswer = answer;

  document.querySelectorAll("button.option:not([disabled])").forEach(b => b.addEventListener("click", () => answer(b.dataset.key)));

  // spaces of the action board
  document.querySelectorAll("g.space").forEach(g => {
    const info = decision.spaces[g.dataset.space];
    if (!info) return;
    g.classList.add(info.legal ? "legal" : "refused-space");
    g.addEventListener("click", () => {
      if (info.legal) answer(g.dataset.space);
      else say(`${info.label}: not possible — ${info.reason}`, true);
    });
  });

  // tiles onto squares
  if (!decision.placements.length) return;
  const state = { turn: 0, mirror: false };
  const pieceSelect = document.getElementById("piece");
  const piece = () => (pieceSelect ? pieceSelect.value : (decision.pieces[0] || ""));
  const turnLabel = document.getElementById("turn");
  const mirrorLabel = document.getElementById("mirrored");
  let last = null;
  function rotate() { state.turn = (state.turn + 90) % 360; turnLabel.textContent = state.turn + "°"; if (last) preview(...last); }
  function mirror() { state.mirror = !state.mirror; mirrorLabel.textContent = state.mirror ? "turned over" : "face up"; if (last) preview(...last); }
  document.getElementById("rotate").addEventListener("click", rotate);
  document.getElementById("mirror").addEventListener("click", mirror);
  document.addEventListener("keydown", e => { if (e.key === "r") rotate(); if (e.key === "m") mirror(); });

  function clearOverlay() { document.querySelectorAll(".preview-square").forEach(el => el.remove()); }
  async function verdict(board, row, column) {
    const query = new URLSearchParams({ area: board.dataset.board, row: row, column: column, turn: state.turn,
                                        mirror: state.mirror ? "1" : "0", piece: piece() });
    const response = await fetch(`/game/${game.id}/preview?` + query);
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
    text.textContent = v.legal ? `${piece()} at ${v.at}, ${state.turn}°${state.mirror ? ", turned over" : ""}: fits — click to place`
                               : `${piece()} at ${v.at}: does not fit — ${v.reason}`;
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
      if (v.legal) answer(v.key); else say(`not placed: ${v.reason}`, true);
    });
  });
})();
