"""Triton-style decode backend with optional full->SWA index translation.

Older allocators do not expose ``translate_loc_from_full_to_swa``; the lookup
is wrapped in ``contextlib.suppress`` so those builds keep working.
"""

import contextlib
import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

TranslateFn = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    """Decode backend that reads KV at (optionally translated) locations."""

    def __init__(self, model_runner, verbose: bool = False):
        self.model_runner = model_runner
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.req_to_token = model_runner.req_to_token_pool
        self._translate: Optional[TranslateFn] = None

        with contextlib.suppress(AttributeError):
            self._translate = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa

        if self._translate is not None:
            self.kv_pool = self.token_to_kv_pool_allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool

        if verbose:
            logger.info(
                "decode backend ready (translate=%s, pool=%s)",
                self._translate is not None,
                type(self.kv_pool).__name__,
            )

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self._translate is None:
            return loc
        return self._translate(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._decode_locations(loc)
