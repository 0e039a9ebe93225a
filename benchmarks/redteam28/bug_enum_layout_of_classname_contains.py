"""Backend with an enum-valued KV layout selected by an Enum classmethod."""

import enum
import logging

import torch

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    DENSE = "dense"
    HYBRID_SWA = "hybrid_swa"

    @classmethod
    def of(cls, model_runner) -> "KVLayout":
        name = model_runner.token_to_kv_pool_allocator.__class__.__name__
        return cls.HYBRID_SWA if "SWA" in name else cls.DENSE

    @property
    def needs_index_translation(self) -> bool:
        return self is KVLayout.HYBRID_SWA


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.layout = KVLayout.of(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.seq_lens_buf = torch.zeros(
            model_runner.max_running_requests, dtype=torch.int32, device=self.device
        )
        logger.info("attention backend using %s layout", self.layout.value)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.seq_lens_buf[:bs].copy_(forward_batch.seq_lens)

    def forward_decode(self, loc):
        if self.layout.needs_index_translation:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
