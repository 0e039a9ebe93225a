"""Decode backend that binds the allocator's full->SWA translator when the allocator serves our pool."""

import logging
from dataclasses import dataclass, field
from typing import Callable, Dict, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class BackendCounters:
    decode_steps: int = 0
    translated_tokens: int = 0
    by_path: Dict[str, int] = field(default_factory=dict)

    def bump(self, path: str, n: int):
        self.decode_steps += 1
        self.by_path[path] = self.by_path.get(path, 0) + 1
        if path == "swa":
            self.translated_tokens += n


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.counters = BackendCounters()
        self.translators: Dict[str, Optional[Callable]] = {"swa": None}

        served = getattr(self.allocator, "get_kvcache", lambda: None)()
        if served is self.pool and hasattr(self.allocator, "translate_loc_from_full_to_swa"):
            # Same cache object: the allocator's translate reads this pool's map.
            self.translators["swa"] = self.allocator.translate_loc_from_full_to_swa
        elif served is not None and served is not self.pool:
            logger.info(
                "allocator is shared with another worker; decode reads %s directly",
                type(self.pool).__name__,
            )
        self.decode_loc_buf = torch.zeros(
            getattr(model_runner, "max_running_requests", 8) or 8,
            dtype=torch.int64,
            device=self.device,
        )

    def init_forward_metadata(self, forward_batch):
        bs = int(forward_batch.batch_size)
        self.decode_loc_buf[:bs].copy_(forward_batch.out_cache_loc[:bs])

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        self.decode_loc_buf[:bs].zero_()

    def forward_decode(self, loc):
        translate = self.translators["swa"]
        if translate is None:
            self.counters.bump("full", int(loc.numel()))
            return self.pool, loc
        self.counters.bump("swa", int(loc.numel()))
        return self.pool, translate(loc)
