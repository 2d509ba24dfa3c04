"""The tokens export against the chat template's own rendering of the same conversation (the
trl-sft record): the same context tokens, one trained span per assistant turn (the template's
generation block, or the stored ids where the rollout engine kept them), each ending with the stop
token, and labels that are the trained input ids."""

from __future__ import annotations

from collections import defaultdict

import pytest

from checks import STOP, spans
from conftest import WORKSPACES

IGNORE = -100


def runs(ids: list[int], mask: list[int]) -> list[tuple[int, list[int]]]:
    """The sequence cut where the mask changes: (mask bit, ids) runs."""
    out: list[tuple[int, list[int]]] = []
    for token, bit in zip(ids, mask, strict=True):
        if out and out[-1][0] == bit:
            out[-1][1].append(token)
        else:
            out.append((bit, [token]))
    return out


def stored_ids(exports, workspace: str) -> dict[str, list[list[int] | None]]:
    """Per trajectory, each assistant turn's stored token ids (None where the engine kept none)."""
    turns = exports.sql(
        workspace,
        "SELECT t.trajectory_id, t.turn_index, l.token_ids FROM turns t LEFT JOIN token_logprobs l "
        "USING (trajectory_id, turn_index) WHERE t.role = 'assistant' ORDER BY 1, 2",
    )
    by_trajectory: dict[str, list[list[int] | None]] = defaultdict(list)
    for row in turns:
        ids = row["token_ids"]
        by_trajectory[row["trajectory_id"]].append(list(ids) if ids else None)
    return by_trajectory


@pytest.mark.parametrize("workspace", WORKSPACES)
def test_tokens_match_the_chat_template(workspace, exports, tiny):
    tokenizer = tiny.tokenizer
    stop = tokenizer.convert_tokens_to_ids(STOP)
    newline = tokenizer.encode("\n", add_special_tokens=False)
    tokens = exports.get(
        workspace, "tokens", "--tokenizer", str(tiny.tokenizer_dir / "tokenizer.json")
    )
    chats = exports.get(workspace, "trl-sft")
    assert len(tokens.records) == len(chats.records), (
        f"{tokens.where(0)}: not one row per trajectory"
    )
    stored = stored_ids(exports, workspace)
    used_stored = 0
    for index, (row, chat) in enumerate(zip(tokens.records, chats.records, strict=True)):
        where = f"{tokens.where(index)} ({row['trajectory_id']})"
        messages = chat["messages"]
        last = max(i for i, m in enumerate(messages) if m["role"] == "assistant")
        rendered = tokenizer.apply_chat_template(
            messages[: last + 1],
            tools=chat.get("tools"),
            tokenize=True,
            return_dict=True,
            return_assistant_tokens_mask=True,
        )
        ids, mask = rendered["input_ids"], rendered["assistant_masks"]
        # The template closes the last turn with a newline; the tokens export ends at its stop.
        assert ids[-len(newline) :] == newline, f"{where}: the template does not end with a newline"
        ids, mask = ids[: -len(newline)], mask[: -len(newline)]

        expected = [
            t if bit else IGNORE for t, bit in zip(row["input_ids"], row["loss_mask"], strict=True)
        ]
        assert row["labels"] == expected, f"{where}: `labels` is not input_ids where loss_mask is 1"
        got, want = runs(row["input_ids"], row["loss_mask"]), runs(ids, mask)
        assert [bit for bit, _ in got] == [bit for bit, _ in want], (
            f"{where}: loss_mask has {len(spans(row['loss_mask']))} trained spans, the template "
            f"{len(spans(mask))}"
        )
        turns = iter(stored.get(row["trajectory_id"], []))
        for position, ((bit, got_ids), (_, want_ids)) in enumerate(zip(got, want, strict=True)):
            part = f"{where}, {'trained' if bit else 'context'} run {position}"
            if not bit:
                assert got_ids == want_ids, (
                    f"{part}: input_ids differ from the template: "
                    f"{tokenizer.decode(got_ids)[:200]!r} vs {tokenizer.decode(want_ids)[:200]!r}"
                )
                continue
            assert got_ids[-1] == stop, f"{part}: does not end with {STOP} (id {stop})"
            kept = next(turns, None)
            if kept is None:
                assert got_ids == want_ids, f"{part}: differs from the template's assistant tokens"
            else:
                used_stored += 1
                ending = [] if kept[-1] == stop else [stop]
                assert got_ids == kept + ending, f"{part}: not the stored ids followed by {STOP}"
    if workspace in ("demo", "nemo-gym"):
        assert used_stored > 0, f"{tokens.where(0)}: no stored token ids were used"
