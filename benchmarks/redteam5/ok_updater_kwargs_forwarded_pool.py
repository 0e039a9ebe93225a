from typing import Any


class _SWAIndicesUpdater:
    def __init__(self, **kwargs: Any):
        self.kv_pool = kwargs["kv_pool"]
        self.page_size = kwargs["kv_allocator"].page_size
        self.translate = None
        if hasattr(self.kv_pool, "swa_kv_pool"):
            self.translate = self.kv_pool.translate_loc_from_full_to_swa

    def update(self, loc):
        return loc if self.translate is None else self.translate(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, **kwargs: Any):
        kwargs.setdefault("kv_pool", model_runner.token_to_kv_pool)
        kwargs.setdefault("kv_allocator", model_runner.token_to_kv_pool_allocator)
        kwargs.setdefault("page_size", model_runner.page_size)
        self.token_to_kv_pool = kwargs["kv_pool"]
        self.indices_updater = _SWAIndicesUpdater(**kwargs)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.indices_updater.update(loc)
