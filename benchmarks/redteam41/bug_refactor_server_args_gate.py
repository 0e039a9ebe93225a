"""Hybrid attention backend: SWA translation gated by a server flag and a capability check."""

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class SWAFlags:
    flag_enabled: bool
    capable: bool

    @property
    def translate(self) -> bool:
        return self.flag_enabled and self.capable


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        server_args = model_runner.server_args
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.flags = SWAFlags(
            flag_enabled=not getattr(server_args, "disable_hybrid_swa_memory", False),
            capable=self._translator_available(),
        )
        self.cuda_graph_enabled = not getattr(server_args, "disable_cuda_graph", False)

    def _translator_available(self) -> bool:
        return callable(getattr(self.allocator, "translate_loc_from_full_to_swa", None))

    def init_cuda_graph_state(self, max_bs: int):
        if not self.cuda_graph_enabled:
            return
        self.cuda_graph_swa_locs = torch.zeros((max_bs,), dtype=torch.int64)

    def _maybe_translate(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.flags.translate:
            return loc
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._maybe_translate(loc)
