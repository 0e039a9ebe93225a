"""Decode backend used on the decode side of prefill/decode disaggregation.

Besides the regular decode read, the backend records which KV indices were
received from the prefill instance. Transfer ids are produced through the
allocator's transfer translation hook, which is what the transfer engine
registers; reads go through the attention pool held by the runner.
"""

import logging
from collections import deque
from typing import Deque, Dict, List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_inflight_records: int = 256):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._transfers: Deque[Dict[str, object]] = deque(maxlen=max_inflight_records)

    def record_transfer(self, room: int, kv_indices: torch.Tensor) -> Dict[str, object]:
        transfer_ids = self.allocator.translate_kv_indices_for_transfer(kv_indices)
        entry = {
            "room": room,
            "num_tokens": int(kv_indices.numel()),
            "transfer_ids": transfer_ids.tolist(),
            "free_after": self.allocator.available_size(),
        }
        self._transfers.append(entry)
        logger.debug("disagg room %d: %d tokens received", room, entry["num_tokens"])
        return entry

    def pending_rooms(self) -> List[int]:
        return [int(e["room"]) for e in self._transfers]

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
