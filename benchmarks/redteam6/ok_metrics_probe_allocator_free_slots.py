import logging

logger = logging.getLogger(__name__)


class _Metrics:
    def __init__(self):
        self.samples = []

    def record(self, allocator):
        try:
            swa_free = allocator.swa_available_size()
        except AttributeError:
            swa_free = None
        self.samples.append((allocator.available_size(), swa_free))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.metrics = _Metrics()
        self.translate = getattr(self.pool, "translate_loc_from_full_to_swa", None)

    def forward_decode(self, loc):
        self.metrics.record(self.allocator)
        if self.translate is not None:
            loc = self.translate(loc)
        return self.pool, loc
