// The Learn page: every click is sent as a move; the server's lesson runner answers it through
// the engine (taken, a hint, or the engine's refusal with the rules cited). Nothing is judged here.
(function () {
  "use strict";
  const lesson = window.LESSON;
  const view = lesson.view;
  const message = document.getElementById("message");
  const token = document.querySelector('meta[name="csrf-token"]');

  function say(body) {
    message.textContent = "";
    message.className = "message bad";
    const head = document.createElement("b");
    head.textContent = body.heading + " ";
    message.appendChild(head);
    message.appendChild(document.createTextNode(body.message || body.error || ""));
    (body.rules || []).forEach(rule => {
      const link = document.createElement("a");
      link.href = rule.link; link.className = "cited-rule"; link.dataset.rule = rule.id;
      link.textContent = ` [${rule.id}] ${rule.title}`;
      message.appendChild(link);
    });
  }

  async function send(move) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers["X-CSRFToken"] = token.content;
    const response = await fetch(`/learn/run/${lesson.id}/move`, { method: "POST", headers: headers, body: JSON.stringify(move) });
    const body = await response.json();
    if (body.accepted) { location.reload(); return; }
    say(body);
  }
  window.rulesdslLessonMove = send;

  const next = document.getElementById("continue");
  if (next) next.addEventListener("click", () => send({ key: "continue" }));
  document.querySelectorAll("button.option").forEach(b => b.addEventListener("click", () => send({ key: b.dataset.key })));

  document.querySelectorAll("g.space").forEach(g => {
    const info = view.spaces[g.dataset.space];
    if (!info) return;
    g.classList.add(info.legal ? "legal" : "refused-space");
    if (g.dataset.space === view.expected) g.classList.add("lesson-target");
    g.addEventListener("click", () => send({ key: g.dataset.space }));
  });

  const areas = new Set(view.areas || []);
  document.querySelectorAll(`g.player[data-player="${view.player}"] svg.board`).forEach(board => {
    if (!areas.has(board.dataset.board)) return;
    board.classList.add("placing");
    const target = view.target;
    if (target && target.area === board.dataset.board) {
      const cell = board.querySelector(`rect.square[data-square="${target.row},${target.column}"]`);
      if (cell) cell.classList.add("lesson-target");
    }
    board.addEventListener("click", e => {
      const cell = e.target.closest("rect.square");
      if (!cell) return;
      const [row, column] = cell.dataset.square.split(",").map(Number);
      send({ area: board.dataset.board, row: row, column: column, turn: 0, mirror: false });
    });
  });
  // bring what this step asks for into view
  const target = document.querySelector("#board-area .lesson-target");
  if (target) target.scrollIntoView({ block: "center", inline: "nearest" });
})();
