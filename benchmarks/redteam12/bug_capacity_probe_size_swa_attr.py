"""Backend that sizes its window buffers from the SWA capacity and enables window reads with it."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class WindowConfig:
    enabled: bool
    swa_capacity: int
    full_capacity: int
    window: Optional[int]


@dataclass
class WindowMetadata:
    seq_lens: Optional[torch.Tensor] = None
    window_slots: Optional[torch.Tensor] = None


def _window_config(model_runner) -> WindowConfig:
    allocator = model_runner.token_to_kv_pool_allocator
    full_capacity = int(getattr(allocator, "size", 0))
    swa_capacity = getattr(allocator, "size_swa", None)
    return WindowConfig(
        enabled=swa_capacity is not None,
        swa_capacity=int(swa_capacity or 0),
        full_capacity=full_capacity,
        window=getattr(model_runner, "sliding_window_size", None),
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_cfg = _window_config(model_runner)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.window_scratch = (
            torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)
            if self.window_cfg.enabled
            else None
        )
        self.forward_metadata: Optional[WindowMetadata] = None
        self.graph_log: list = []
        logger.info(
            "window buffers: enabled=%s swa_capacity=%d full_capacity=%d",
            self.window_cfg.enabled,
            self.window_cfg.swa_capacity,
            self.window_cfg.full_capacity,
        )

    def _window_slots(self, slots: torch.Tensor) -> torch.Tensor:
        if not self.window_cfg.enabled:
            return slots
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(slots)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = WindowMetadata(
            seq_lens=forward_batch.seq_lens,
            window_slots=self._window_slots(forward_batch.out_cache_loc),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_log.append(("init", max_bs, max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_log.append(("capture", bs))

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        self.graph_log.append(("replay", bs))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._window_slots(loc)
