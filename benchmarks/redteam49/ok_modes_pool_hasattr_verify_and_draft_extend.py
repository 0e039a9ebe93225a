"""Per-mode metadata for a hybrid sliding-window backend.

Target verify and draft extend keep separate metadata records (they have
different query lengths); all modes share one answer to "does the pool I read
keep a separate window buffer?".  The allocator feeds logging only.
"""

import logging
from dataclasses import dataclass
from enum import Enum, auto

import torch

logger = logging.getLogger(__name__)


class Mode(Enum):
    DECODE = auto()
    EXTEND = auto()
    TARGET_VERIFY = auto()
    DRAFT_EXTEND = auto()


@dataclass
class PerModeState:
    mode: Mode
    window_locs: bool
    q_len: int = 1
    last_locs: torch.Tensor = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        window_pool = hasattr(self.kv, "translate_loc_from_full_to_swa")
        args = getattr(model_runner, "server_args", None)
        draft_tokens = getattr(args, "speculative_num_draft_tokens", None) or 1
        self.states = {
            Mode.DECODE: PerModeState(Mode.DECODE, window_pool),
            Mode.EXTEND: PerModeState(Mode.EXTEND, window_pool, q_len=0),
            Mode.TARGET_VERIFY: PerModeState(Mode.TARGET_VERIFY, window_pool, q_len=draft_tokens),
            Mode.DRAFT_EXTEND: PerModeState(Mode.DRAFT_EXTEND, window_pool, q_len=draft_tokens),
        }
        logger.info(
            "attn backend: pool=%s allocator=%s free=%s window=%s",
            type(self.kv).__name__,
            type(alloc).__name__,
            alloc.available_size() if hasattr(alloc, "available_size") else "?",
            window_pool,
        )

    def _locs(self, mode: Mode, loc: torch.Tensor) -> torch.Tensor:
        state = self.states[mode]
        state.last_locs = loc
        if not state.window_locs:
            return loc
        return self.kv.translate_loc_from_full_to_swa(loc)

    def forward_draft_extend(self, loc):
        return self.kv, self._locs(Mode.DRAFT_EXTEND, loc)

    def forward_decode(self, loc):
        return self.kv, self._locs(Mode.DECODE, loc)
