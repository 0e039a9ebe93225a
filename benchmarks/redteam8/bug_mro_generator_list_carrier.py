import torch


def _class_names(obj):
    for klass in type(obj).__mro__:
        yield klass.__name__


def _looks_windowed(components):
    for comp in components:
        if any(name.startswith("SWA") for name in _class_names(comp)):
            return True
    return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        # everything the memory side gives us, in one place
        self.mem = [model_runner.token_to_kv_pool_allocator]
        self.pool = model_runner.token_to_kv_pool
        self.windowed = _looks_windowed(self.mem)

    def forward_decode(self, loc: torch.Tensor):
        if not self.windowed:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
