"""Decode backend with a per-attention-kind location translator table.

Each attention kind maps to a callable that rewrites full-cache indices into the indices
of the buffer that kind reads. The table is assembled from the token allocator, which
already owns the full->SWA bookkeeping. Temporary write slots for the step are borrowed
from the allocator and released at the end of the step.
"""

from typing import Callable, Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

Translator = Callable[[torch.Tensor], torch.Tensor]


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


def build_translators(allocator) -> Dict[str, Translator]:
    translators: Dict[str, Translator] = {"full": _identity}
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        translators["swa"] = allocator.translate_loc_from_full_to_swa
    return translators


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, scratch_tokens: int = 2):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.scratch_tokens = scratch_tokens
        self.translators = build_translators(self.allocator)
        self.attn_kind = "swa" if "swa" in self.translators else "full"

    def forward_decode(self, loc: torch.Tensor):
        scratch = self.allocator.alloc(self.scratch_tokens)
        try:
            translated = self.translators[self.attn_kind](loc)
        finally:
            if scratch is not None:
                self.allocator.free(scratch)
        return self.kv_pool, translated
