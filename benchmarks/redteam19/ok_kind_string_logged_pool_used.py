"""Records allocator and pool class names for a startup log line and branches on 'SWA' appearing in the recorded name of its own pool."""

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)


@dataclass
class _BackendInfo:
    allocator_kind: str
    pool_kind: str

    def log(self):
        logger.info("attn backend: allocator=%s pool=%s", self.allocator_kind, self.pool_kind)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.info = _BackendInfo(
            allocator_kind=model_runner.token_to_kv_pool_allocator.__class__.__name__,
            pool_kind=self.kv_pool.__class__.__name__,
        )
        self.info.log()

    def _uses_window(self) -> bool:
        return "SWA" in self.info.pool_kind

    def forward_decode(self, loc):
        if self._uses_window():
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
