"""Decode backend for the MUSA port, sharing a private base that reads the KV layout from a runner attribute."""

import logging

logger = logging.getLogger(__name__)


class _PortBackendBase:
    # runner attribute whose object describes the KV layout
    KV_LAYOUT_ATTR = "token_to_kv_pool_allocator"
    PLATFORM = "generic"

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        layout_source = getattr(model_runner, self.KV_LAYOUT_ATTR)
        self._windowed = hasattr(layout_source, "translate_loc_from_full_to_swa")
        logger.info("%s backend, windowed=%s", self.PLATFORM, self._windowed)

    def forward_decode(self, loc):
        if self._windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend(_PortBackendBase):
    # on MUSA the backend reads the pool it was given
    KV_LAYOUT_ATTR = "token_to_kv_pool"
    PLATFORM = "musa"
