class SlidingWindowDetectMixin:
    """Shared by several backends: SWA-aware allocators are all named SWA*/UnifiedSWA*."""

    def _detect_sliding_window(self, model_runner) -> bool:
        name = model_runner.token_to_kv_pool_allocator.__class__.__name__
        return name.startswith("SWA") or "SWA" in name


class _BaseBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size


class GeneratedAttnBackend(SlidingWindowDetectMixin, _BaseBackend):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.sliding_window = self._detect_sliding_window(model_runner)

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        return pool, (pool.translate_loc_from_full_to_swa(loc) if self.sliding_window else loc)
