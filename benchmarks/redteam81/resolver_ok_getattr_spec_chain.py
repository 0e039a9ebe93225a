"""Backend-side SWA pool resolver tolerant of runners without speculative info.

``getattr`` chains let the resolver run under unit-test runners that do not
set ``spec_algorithm``; such runners are treated as non-frozen drafts only if
``is_draft_worker`` is set.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_FALSE = lambda: False  # noqa: E731


def get_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    frozen = getattr(getattr(model_runner, "spec_algorithm", None), "is_frozen_kv_mtp", _FALSE)()
    private = getattr(model_runner, "is_draft_worker", False) and not frozen
    return (
        own
        if isinstance(own, SWAKVPool)
        else (
            None
            if private
            else next(
                (
                    kv
                    for kv in (model_runner.token_to_kv_pool_allocator.get_kvcache(),)
                    if isinstance(kv, SWAKVPool)
                ),
                None,
            )
        )
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, q_dtype: torch.dtype = torch.bfloat16):
        self.q_dtype = q_dtype
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        return (swa, swa.translate_loc_from_full_to_swa(loc)) if swa else (self.kv_pool, loc)
