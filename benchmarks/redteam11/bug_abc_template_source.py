"""Template-method backend: subclasses say where the SWA capability lives."""

import abc
import operator


class _TemplateBackend(abc.ABC):
    def __init__(self, model_runner):
        self.runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        src = self._capability_source()
        self.sliding = callable(getattr(src, "translate_loc_from_full_to_swa", None))

    @abc.abstractmethod
    def _capability_source(self): ...

    def forward_decode(self, loc):
        if self.sliding:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend(_TemplateBackend):
    _get_source = operator.attrgetter("runner.token_to_kv_pool_allocator")

    def _capability_source(self):
        return self._get_source(self)
