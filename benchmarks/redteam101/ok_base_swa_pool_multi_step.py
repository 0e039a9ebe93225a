"""Multi-step draft backend with per-step metadata.

Each speculative step gets its own metadata slot; all steps share the window
view derived from the runner's pool (any ``BaseSWAKVPool`` implementation).
"""

from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


@dataclass
class StepMetadata:
    step: int
    kv_indices: Optional[torch.Tensor] = None
    seq_lens: List[int] = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 4, topk: int = 2):
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_view: Optional[BaseSWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, BaseSWAKVPool) else None
        )
        n = speculative_num_steps if model_runner.is_draft_worker else 1
        self.step_metadata = [StepMetadata(step=i) for i in range(n)]

    def _locs(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_view is None:
            return loc
        return self.swa_view.translate_loc_from_full_to_swa(loc)

    def _pool(self):
        return self.swa_view if self.swa_view is not None else self.kv_pool

    def forward_decode(self, loc: torch.Tensor):
        locs = self._locs(loc)
        self.step_metadata[0].kv_indices = locs
        return self._pool(), locs

    def forward_draft_decode(self, loc: torch.Tensor, step: int):
        meta = self.step_metadata[step]
        meta.kv_indices = self._locs(loc)
        return self._pool(), meta.kv_indices

    def forward_target_verify(self, loc: torch.Tensor):
        return self._pool(), self._locs(loc)
