"""SYCL/oneAPI attention backend; splits layers into full and sliding-window groups."""

import logging
from dataclasses import dataclass, field
from typing import List, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class LayerGroups:
    full_layers: List[int] = field(default_factory=list)
    swa_layers: List[int] = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.forward_loc: Optional[torch.Tensor] = None

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.num_swa_layers = getattr(kvcache, "swa_layer_nums", 0)
        self.groups = LayerGroups()
        if self.num_swa_layers > 0:
            self.swa_source = kvcache
            logger.info(
                "SYCL backend: %d sliding-window layers, %d full layers",
                self.num_swa_layers,
                getattr(kvcache, "full_layer_nums", 0),
            )
        else:
            self.swa_source = None

    def init_forward_metadata(self, forward_batch):
        self.forward_loc = forward_batch.out_cache_loc

    def forward_decode(self, loc):
        if self.num_swa_layers > 0:
            return self.swa_source, self.swa_source.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
