"""Triton-style decode backend that caches the full->SWA index mapping.

The mapping tensor is captured once from the allocator so the decode path can
index it directly without a method call per step; ``dump_state`` prints its
head for the watchdog.
"""

import logging
from typing import Optional, Tuple

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, dump_entries: int = 16):
        self.dump_entries = dump_entries
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            self.allocator, "full_to_swa_index_mapping", None
        )

    def dump_state(self) -> str:
        lines = [f"allocator={type(self.allocator).__name__}"]
        if self.full_to_swa is not None:
            head = self.full_to_swa[: self.dump_entries].tolist()
            lines.append(f"full_to_swa[:{self.dump_entries}]={head}")
        text = "\n".join(lines)
        logger.warning("decode backend state:\n%s", text)
        return text

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.full_to_swa is not None:
            return self.token_to_kv_pool, self.full_to_swa[loc]
        return self.token_to_kv_pool, loc
