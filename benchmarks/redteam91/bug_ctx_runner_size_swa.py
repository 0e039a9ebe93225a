"""Decode backend built from a shared backend context.

Construction goes through ``BackendContext`` so that tests can build the
backend from a partial runner. The hybrid layout is detected from the slot
allocator advertising a SWA capacity.
"""

from dataclasses import dataclass, field
from typing import Any

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


@dataclass
class BackendContext:
    model_runner: Any
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, ctx: BackendContext = None):
        super().__init__()
        self.ctx = ctx or BackendContext(model_runner=model_runner)
        slot_allocator = self.ctx.model_runner.token_to_kv_pool_allocator
        self.hybrid = hasattr(slot_allocator, "size_swa")
        if self.hybrid:
            self.kv_view = slot_allocator.get_kvcache()
        else:
            self.kv_view = self.ctx.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        view = self.kv_view
        if self.hybrid:
            return view, view.translate_loc_from_full_to_swa(loc)
        return view, loc
