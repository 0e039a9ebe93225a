"""Decode backend that probes the runner's KV pool for a window remap.

Pools without a full->SWA mapping simply raise AttributeError, in which case
the full locations are used unchanged.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._warned = False

    def _maybe_translate(self, loc: torch.Tensor) -> torch.Tensor:
        try:
            translate = self.kv_pool.translate_loc_from_full_to_swa
        except AttributeError:
            if not self._warned:
                logger.debug("%s has no SWA mapping", type(self.kv_pool).__name__)
                self._warned = True
            return loc
        return translate(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._maybe_translate(loc)
