"""Triton decode backend: the full->SWA translator is bound once at init and reused per step."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class TritonDecodeMetadata:
    kv_indices: torch.Tensor
    num_tokens: int = 0
    translated: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_bs = model_runner.max_running_requests
        allocator = model_runner.token_to_kv_pool_allocator
        # Bind the translator once; avoids an attribute lookup in the hot decode loop.
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            allocator, "translate_loc_from_full_to_swa", None
        )
        self.forward_metadata: Optional[TritonDecodeMetadata] = None
        logger.debug(
            "triton decode: max_bs=%d page_size=%d swa_translator=%s",
            self.max_bs,
            self.page_size,
            self._to_swa is not None,
        )

    @property
    def uses_swa(self) -> bool:
        return self._to_swa is not None

    def _build_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.uses_swa:
            return self._to_swa(loc)
        return loc

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = TritonDecodeMetadata(
            kv_indices=self._build_indices(loc),
            num_tokens=int(loc.numel()),
            translated=self.uses_swa,
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
