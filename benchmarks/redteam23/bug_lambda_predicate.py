"""Backend with a small predicate table deciding how decode locations are mapped."""

_PREDICATES = {
    "window": lambda runner: "translate_loc_from_full_to_swa"
    in vars(type(runner.token_to_kv_pool_allocator)),
    "paged": lambda runner: getattr(runner.token_to_kv_pool_allocator, "page_size", 1) > 1,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.modes = {name for name, check in _PREDICATES.items() if check(model_runner)}

    def forward_decode(self, loc):
        if "window" in self.modes:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
