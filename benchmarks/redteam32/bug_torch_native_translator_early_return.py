"""Torch-native backend with the SWA out_cache_loc translation pulled into a helper."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.forward_metadata = None
        self.device = model_runner.device
        # Pool refs -- captured at construction so they survive deletion of the
        # corresponding ForwardBatch fields.
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._full_to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            model_runner.token_to_kv_pool_allocator,
            "translate_loc_from_full_to_swa",
            None,
        )
        # full->SWA translated out_cache_loc, computed once per forward
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def _translate_out_cache_loc(self, out_cache_loc: Optional[torch.Tensor]):
        if out_cache_loc is None:
            return None
        if self._full_to_swa is None:
            return None
        return self._full_to_swa(out_cache_loc)

    @staticmethod
    def _make_sliding_window_mask(q_len: int, kv_len: int, window: int) -> torch.Tensor:
        q_pos = torch.arange(q_len).unsqueeze(1)
        k_pos = torch.arange(kv_len).unsqueeze(0)
        return (k_pos <= q_pos) & (k_pos >= q_pos - window)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.swa_out_cache_loc = self._translate_out_cache_loc(out_cache_loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.swa_out_cache_loc is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.swa_out_cache_loc
