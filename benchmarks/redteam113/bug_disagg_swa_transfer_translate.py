"""Decode backend used on the decode side of prefill/decode disaggregation.

Received KV is addressed by transfer ids. For hybrid sliding-window models the
allocator exposes a dedicated SWA transfer translation, and the decode read
reuses that same remap so transfer and attention agree on slot numbering.
"""

import logging
from collections import deque
from typing import Deque, Dict, List

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_inflight_records: int = 256):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._transfers: Deque[Dict[str, object]] = deque(maxlen=max_inflight_records)
        self._swa_transfer = getattr(self.allocator, "translate_swa_indices_for_transfer", None)

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
        if self._swa_transfer is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._swa_transfer(loc)
