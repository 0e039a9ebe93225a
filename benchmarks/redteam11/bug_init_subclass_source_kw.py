"""Backends declare where the SWA capability is probed through a class keyword."""

import logging

logger = logging.getLogger(__name__)


class _SwaAwareBackend:
    _probe_source = "token_to_kv_pool"

    def __init_subclass__(cls, probe_source=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if probe_source is not None:
            cls._probe_source = probe_source

    def _detect_swa(self, model_runner):
        holder = getattr(model_runner, self._probe_source)
        return callable(getattr(holder, "translate_loc_from_full_to_swa", None))


class GeneratedAttnBackend(_SwaAwareBackend, probe_source="token_to_kv_pool_allocator"):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = self._detect_swa(model_runner)
        logger.debug("sliding window kv pool: %s", self.use_sliding_window_kv_pool)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
