"""FlashInfer-like decode backend with a hybrid sliding-window path.

Layer groups with a sliding window read the compacted SWA buffer; the switch
is keyed on the allocator type, which is fixed per deployment.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class DecodeMetadata:
    kv_indptr: torch.Tensor
    kv_indices: Optional[torch.Tensor] = None
    num_steps: int = 1
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(
        self,
        model_runner,
        speculative_num_steps: int = 4,
        topk: int = 8,
        max_bs: int = 160,
    ):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.hybrid_swa = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        # The draft worker expands every request into topk branches per step.
        if model_runner.is_draft_worker:
            rows = max_bs * topk
        else:
            rows = max_bs
        self.metadata = DecodeMetadata(
            kv_indptr=torch.zeros(rows + 1, dtype=torch.int32),
            num_steps=speculative_num_steps if model_runner.is_draft_worker else 1,
        )
        self.use_tree_mask = not model_runner.spec_algorithm.is_none()

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if self.hybrid_swa:
            locs = pool.translate_loc_from_full_to_swa(loc)
            self.metadata.kv_indices = locs
            return pool, locs
        self.metadata.kv_indices = loc
        return pool, loc

    def forward_draft_extend(self, loc: torch.Tensor):
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        self.metadata.extras["tree_mask"] = self.use_tree_mask
        return self.forward_decode(loc)
