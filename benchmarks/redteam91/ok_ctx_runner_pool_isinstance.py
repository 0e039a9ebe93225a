"""Decode backend built from a shared backend context.

Construction goes through ``BackendContext`` so that tests can build the
backend from a partial runner. The hybrid layout is detected on the context
runner's pool; the slot allocator is passed along for ``free``.
"""

from dataclasses import dataclass, field
from typing import Any

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool as _SWA


@dataclass
class BackendContext:
    model_runner: Any
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, ctx: BackendContext = None):
        super().__init__()
        self.ctx = ctx or BackendContext(model_runner=model_runner)
        self.slot_allocator = self.ctx.model_runner.token_to_kv_pool_allocator
        self.kv_view = self.ctx.model_runner.token_to_kv_pool
        self.hybrid = isinstance(self.kv_view, _SWA)

    def abort(self, loc: torch.Tensor) -> None:
        self.slot_allocator.free(loc)

    def forward_decode(self, loc: torch.Tensor):
        view = self.kv_view
        if self.hybrid:
            return view, view.translate_loc_from_full_to_swa(loc)
        return view, loc
