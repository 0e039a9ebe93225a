"""Decode backend with a per-attention-kind location translator table.

Each attention kind ("full", "swa") maps to a function that turns full-pool token indices
into the indices of the buffer that kind reads. The table is built from the KV pool this
runner owns. Temporary write slots for the step come from the allocator and are released
at the end of the step.
"""

from typing import Callable, Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Translator = Callable[[torch.Tensor], torch.Tensor]


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, scratch_tokens: int = 2):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.scratch_tokens = scratch_tokens
        self.translators: Dict[str, Translator] = {"full": _identity}
        if isinstance(self.kv_pool, SWAKVPool):
            self.translators["swa"] = self.kv_pool.translate_loc_from_full_to_swa
        self.attn_kind = "swa" if "swa" in self.translators else "full"

    def forward_decode(self, loc: torch.Tensor):
        scratch = self.allocator.alloc(self.scratch_tokens)
        try:
            translated = self.translators[self.attn_kind](loc)
        finally:
            if scratch is not None:
                self.allocator.free(scratch)
        return self.kv_pool, translated
