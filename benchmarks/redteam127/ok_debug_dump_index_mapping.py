"""Triton-style decode backend with a diagnostic dump of the index mapping.

``dump_state`` is called from the scheduler's watchdog when a decode step
stalls. It prints the head of the allocator's full->SWA index mapping so
mis-registered mappings show up in logs without attaching a debugger.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, dump_entries: int = 16):
        self.dump_entries = dump_entries
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def dump_state(self) -> str:
        lines = [f"allocator={type(self.allocator).__name__}"]
        mapping = getattr(self.allocator, "full_to_swa_index_mapping", None)
        if mapping is not None:
            head = mapping[: self.dump_entries].tolist()
            lines.append(f"full_to_swa[:{self.dump_entries}]={head}")
            lines.append(f"mapping_len={mapping.numel()}")
        lines.append(f"pool={type(self.token_to_kv_pool).__name__}")
        text = "\n".join(lines)
        logger.warning("decode backend state:\n%s", text)
        return text

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
