"""Decode backend whose updater falls back to the allocator when the pool cannot translate."""

import logging

import torch

logger = logging.getLogger(__name__)


class IndicesUpdaterDecode:
    def __init__(self, token_to_kv_pool, token_to_kv_pool_allocator):
        self.token_to_kv_pool = token_to_kv_pool
        self.token_to_kv_pool_allocator = token_to_kv_pool_allocator
        self._translate = self._pick_translator()

    def _pick_translator(self):
        translate = getattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa", None)
        if translate is None:
            # Older pools expose the mapping only through the allocator.
            translate = getattr(
                self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None
            )
            if translate is not None:
                logger.info("pool has no window translator; using the allocator's")
        return translate

    def call_begin_forward(self, loc: torch.Tensor) -> torch.Tensor:
        kv_indices = loc.clone()
        if self._translate is not None:
            n = kv_indices.numel()
            kv_indices[:n] = self._translate(kv_indices[:n])
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_decode = IndicesUpdaterDecode(
            self.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )
        self.decode_steps = 0

    def forward_decode(self, loc):
        self.decode_steps += 1
        kv_indices = self.indices_updater_decode.call_begin_forward(loc)
        return self.token_to_kv_pool, kv_indices
