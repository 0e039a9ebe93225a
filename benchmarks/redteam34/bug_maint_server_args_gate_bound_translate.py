"""Triton-style decode backend that binds a full->SWA translator behind server-arg gates."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


def _num_kv_splits(server_args) -> int:
    return int(getattr(server_args, "triton_attention_num_kv_splits", 8) or 8)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        server_args = model_runner.server_args
        self.kv_pool = model_runner.token_to_kv_pool
        self.num_kv_splits = _num_kv_splits(server_args)
        self.max_bs = model_runner.max_running_requests
        self.attn_logits = torch.zeros(
            (self.max_bs, self.num_kv_splits), dtype=torch.float32, device=model_runner.device
        )
        self.translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None

        allocator = model_runner.token_to_kv_pool_allocator
        if server_args.disable_hybrid_swa_memory:
            logger.info("hybrid SWA memory disabled by server args")
        elif hasattr(allocator, "translate_loc_from_full_to_swa"):
            self.translate = allocator.translate_loc_from_full_to_swa

        assert self.num_kv_splits > 0, "triton_attention_num_kv_splits must be positive"

    def _window_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.translate is None else self.translate(loc)

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        bs = seq_lens.numel()
        assert bs <= self.max_bs, f"batch {bs} exceeds max_running_requests {self.max_bs}"
        self.attn_logits[:bs].zero_()
        self.num_kv_splits_buf = torch.full(
            (bs,), self.num_kv_splits, dtype=torch.int32, device=seq_lens.device
        )

    def forward_decode(self, loc):
        return self.kv_pool, self._window_loc(loc)
