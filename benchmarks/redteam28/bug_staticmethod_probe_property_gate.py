"""Backend exposing its window mode as a property backed by a staticmethod probe."""

import logging
from typing import Any

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self._window_override = None
        self.seq_lens_cpu = torch.zeros(model_runner.max_running_requests, dtype=torch.int32)

    @staticmethod
    def _supports_window_translation(component: Any) -> bool:
        return callable(getattr(component, "translate_loc_from_full_to_swa", None))

    @property
    def use_sliding_window(self) -> bool:
        if self._window_override is not None:
            return self._window_override
        return self._supports_window_translation(self.model_runner.token_to_kv_pool_allocator)

    @use_sliding_window.setter
    def use_sliding_window(self, value: bool):
        self._window_override = bool(value)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        lens = forward_batch.seq_lens.to(torch.int32)
        self.last_page_len = (lens - 1) % self.page_size + 1
        self.batch_size = bs

    def forward_decode(self, loc):
        if self.use_sliding_window:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
