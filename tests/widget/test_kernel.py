"""The widget inside a real Jupyter kernel: a browser-like comm message is handled, and the
bots answer on the kernel's own event loop (the JupyterLab/Voila path), without blocking
it."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

jupyter_client = pytest.importorskip("jupyter_client")
pytest.importorskip("ipykernel")


def run(kc: Any, code: str, timeout: float = 60) -> str:
    """Execute ``code`` and return what it printed (raising on an error)."""
    msg_id = kc.execute(code)
    out: list[str] = []
    deadline = time.time() + timeout
    while time.time() < deadline:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if kind == "stream":
            out.append(content["text"])
        elif kind == "error":
            raise AssertionError("\n".join(content["traceback"]))
        elif kind == "status" and content["execution_state"] == "idle":
            return "".join(out)
    raise TimeoutError(code)


@pytest.mark.timeout(180)
def test_a_comm_message_plays_and_the_bots_answer_on_the_kernel_loop() -> None:
    km, kc = jupyter_client.manager.start_new_kernel(kernel_name="python3")
    try:
        comm_id = run(kc, (
            "from nations_widget.widget import NationsWidget\n"
            "w = NationsWidget(players=2, seats=['human', 'heuristic'], seed=3, "
            "bot_delay=0.05)\n"
            "assert w.game.current_player == 0, w.game.current_player\n"
            "print(w.comm.comm_id)")).strip()
        assert comm_id
        # what the browser's model.send({...}) becomes on the wire
        msg = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
            "method": "custom", "content": {"kind": "move", "seat": 0,
                                            "move": {"type": "pass"}}}})
        kc.shell_channel.send(msg)
        state: dict[str, Any] = {}
        deadline = time.time() + 60
        while time.time() < deadline:
            state = json.loads(run(kc, (
                "import json; print(json.dumps({'position': w.game.position, "
                "'busy': w.busy, 'error': w.error, 'current': w.game.current_player, "
                "'runner': w.bot_runner.thread is not None}))")))
            if state["position"] > 1 and not state["busy"]:
                break
            time.sleep(0.2)
        assert state["error"] == ""
        assert state["position"] > 1, state           # the pass, then the bot's moves
        assert not state["busy"]
        assert state["current"] in (0, None)           # back to the human (or game over)
        assert state["runner"]                         # the bots played in their runner thread
        # a malformed message from the browser does not raise in the kernel
        bad = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
            "method": "custom", "content": {"kind": "move", "move": {"type": "fly"}}}})
        kc.shell_channel.send(bad)
        time.sleep(0.5)
        error = run(kc, "print(w.error)")
        assert "unknown move type" in error
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


SLOW_BOT = """
import time
from nations_widget.widget import NationsWidget

class SlowBot:
    '''Stands for a search bot: thinks for 2 s, then plays the first legal move.'''
    def __init__(self, name, seed):
        pass
    def choose(self, state):
        time.sleep(2.0)
        return state.legal_moves()[0]

w = NationsWidget(players=2, seats=['human', 'human'], seed=3, bot_delay=0.8,
                  bot_factory=SlowBot, bot_names=['slow'])
print(w.comm.comm_id)
"""


@pytest.mark.timeout(180)
def test_a_thinking_bot_does_not_block_the_kernel_and_traits_are_read_only() -> None:
    km, kc = jupyter_client.manager.start_new_kernel(kernel_name="python3")
    try:
        comm_id = run(kc, SLOW_BOT).strip()
        # "Let a bot decide": the search runs; the kernel must keep answering meanwhile
        kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
            "method": "custom", "content": {"kind": "bot_move"}}}))
        t0 = time.monotonic()
        during = json.loads(run(kc, "import json; print(json.dumps([w.busy, w.game.position]))"))
        answered = time.monotonic() - t0
        assert answered < 1.0, f"the kernel answered after {answered:.2f} s"
        assert during == [True, 0]
        # what a page's model.set('seats', ...); model.save_changes() sends
        kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": comm_id, "data": {
            "method": "update", "state": {"seats": ["slow", "slow"], "busy": False},
            "buffer_paths": []}}))
        deadline = time.time() + 30
        state: list[Any] = []
        while time.time() < deadline:
            state = json.loads(run(kc, "print(json.dumps([w.busy, w.game.position, "
                                       "w.seats, w.error]))"))
            if not state[0]:
                break
            time.sleep(0.2)
        assert state == [False, 1, ["human", "human"], ""]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
