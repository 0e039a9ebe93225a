"""Cutlass-MLA-style backend whose page-table builder is handed the allocator's full->SWA translator."""

from dataclasses import dataclass
from typing import Callable, Optional

import torch


@dataclass
class _PageTableBuilder:
    page_size: int
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None

    def build(self, loc: torch.Tensor) -> torch.Tensor:
        if self.translate is not None:
            loc = self.translate(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_lora_rank = getattr(model_runner.model_config, "kv_lora_rank", 512)
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_table_builder = _PageTableBuilder(
            page_size=model_runner.page_size,
            translate=getattr(allocator, "translate_loc_from_full_to_swa", None),
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.page_table_builder.build(loc)
