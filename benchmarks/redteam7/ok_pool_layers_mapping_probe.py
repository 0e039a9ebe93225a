from dataclasses import dataclass


@dataclass
class SWAInfo:
    enabled: bool
    swa_layers: tuple = ()


def swa_info_for_pool(kv_pool) -> SWAInfo:
    mapping = getattr(kv_pool, "layers_mapping", None)
    if mapping is None:
        return SWAInfo(False)
    return SWAInfo(True, tuple(k for k, (_, is_swa) in mapping.items() if is_swa))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.swa_info = swa_info_for_pool(self.kv_pool)

    def forward_decode(self, loc):
        if self.swa_info.enabled:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
