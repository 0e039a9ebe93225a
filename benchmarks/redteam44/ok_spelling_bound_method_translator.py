"""Triton decode backend: translator and free-slot probe bound once at init."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class TritonDecodeMetadata:
    kv_indices: torch.Tensor
    num_tokens: int = 0
    free_slots: int = -1


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Bound methods, looked up once. The allocator's is only a gauge for the scheduler
        # dashboard; the translator comes from the pool this backend actually reads.
        self._free_slots: Callable[[], int] = allocator.available_size
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.token_to_kv_pool, "translate_loc_from_full_to_swa", None
        )
        self.forward_metadata: Optional[TritonDecodeMetadata] = None
        logger.debug(
            "triton decode: page_size=%d free=%d swa_translator=%s",
            self.page_size,
            self._free_slots(),
            self._to_swa is not None,
        )

    def _build_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self._to_swa is None:
            return loc
        return self._to_swa(loc)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = TritonDecodeMetadata(
            kv_indices=self._build_indices(loc),
            num_tokens=int(loc.numel()),
            free_slots=self._free_slots(),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
