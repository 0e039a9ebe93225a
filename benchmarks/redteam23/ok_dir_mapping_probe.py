"""Backend that gathers window KV slots through the full-to-SWA index mapping when one is present."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        holder = model_runner.token_to_kv_pool
        self.index_map = (
            holder.full_to_swa_index_mapping if "full_to_swa_index_mapping" in dir(holder) else None
        )
        logger.debug("window index map: %s", self.index_map is not None)

    def forward_decode(self, loc):
        if self.index_map is None:
            return self.pool, loc
        return self.pool, self.index_map[loc]
