"""Backend treating the run as SWA when the allocator class comes from the allocator.swa module."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator_cls = type(model_runner.token_to_kv_pool_allocator)
        module_leaf = allocator_cls.__module__.rpartition(".")[2]
        self.windowed = module_leaf == "swa"

    def forward_decode(self, loc):
        if self.windowed:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
