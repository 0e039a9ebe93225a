"""Decode backend that translates locations best-effort under contextlib.suppress."""

import contextlib
import logging
import weakref
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None

    @property
    def write_loc(self) -> torch.Tensor:
        if self.swa_out_cache_loc is not None:
            return self.swa_out_cache_loc
        return self.out_cache_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # weak: the runner owns the allocator and tears it down first on shutdown
        self._allocator_ref = weakref.ref(model_runner.token_to_kv_pool_allocator)
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _swa_loc(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        allocator = self._allocator_ref()
        if allocator is None:
            return None
        swa_loc = None
        with contextlib.suppress(AttributeError, AssertionError):
            swa_loc = allocator.translate_loc_from_full_to_swa(loc)
        return swa_loc

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.forward_metadata = ForwardMetadata(
            out_cache_loc=out_cache_loc,
            swa_out_cache_loc=self._swa_loc(out_cache_loc),
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.write_loc
