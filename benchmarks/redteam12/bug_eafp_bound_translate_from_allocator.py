"""Backend that probes for a full-to-SWA translator once (EAFP) and keeps the bound method."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class ProbeMetadata:
    bs: int = 0
    kv_slots: Optional[torch.Tensor] = None
    swa_kv_slots: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.dtype = getattr(model_runner, "dtype", torch.bfloat16)
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        server_args = model_runner.server_args
        self.deterministic = getattr(server_args, "enable_deterministic_inference", False)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        mem = model_runner.token_to_kv_pool_allocator
        self._full_to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]]
        try:
            self._full_to_swa = mem.translate_loc_from_full_to_swa
        except AttributeError:
            self._full_to_swa = None
        self.forward_metadata: Optional[ProbeMetadata] = None
        self._graph: dict = {}
        logger.debug("full->swa translator: %s", self._full_to_swa is not None)

    def _read_slots(self, slots: torch.Tensor) -> torch.Tensor:
        fn = self._full_to_swa
        return slots if fn is None else fn(slots)

    def init_forward_metadata(self, forward_batch):
        slots = forward_batch.out_cache_loc
        self.forward_metadata = ProbeMetadata(
            bs=forward_batch.batch_size,
            kv_slots=slots,
            swa_kv_slots=None if self._full_to_swa is None else self._read_slots(slots),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph["max"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self._graph[bs] = "captured"

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
        self._graph[bs] = f"replayed:{seq_lens_sum}"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._read_slots(loc)
