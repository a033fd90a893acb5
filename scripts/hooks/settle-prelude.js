const Promise = class extends globalThis.Promise {
  static all(loads) {
    return globalThis.Promise.allSettled(loads).then((all) => all.map((s) => {
      if (s.status === "rejected") throw s.reason;
      return s.value;
    }));
  }
};
