"""Sliding-window decode backend that caches the full->SWA translator as a bound method."""

import logging
from dataclasses import dataclass, field
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    batch_size: int = 0
    kv_indices: Optional[torch.Tensor] = None
    window_indices: Optional[torch.Tensor] = None
    seq_lens: list = field(default_factory=list)


class GeneratedAttnBackend:
    """Keeps one translator handle so the hot path does not re-resolve attributes."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.kv_pool = model_runner.token_to_kv_pool
        self.token_allocator = model_runner.token_to_kv_pool_allocator

        # Resolve the translator once; hybrid allocators expose it directly.
        self._to_window: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if hasattr(self.token_allocator, "translate_loc_from_full_to_swa"):
            self._to_window = self.token_allocator.translate_loc_from_full_to_swa
            logger.info(
                "window translation enabled (size_swa=%s)",
                getattr(self.token_allocator, "size_swa", "?"),
            )

        self.forward_metadata = DecodeMetadata()
        self.cuda_graph_kv_indices = torch.zeros(
            self.max_bs * 8, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        self.forward_metadata = DecodeMetadata(
            batch_size=int(forward_batch.batch_size),
            kv_indices=loc,
            window_indices=self._window_locs(loc),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )

    def _window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        if self._to_window is None:
            return loc
        return self._to_window(loc)

    def forward_decode(self, loc):
        return self.kv_pool, self._window_locs(loc)
