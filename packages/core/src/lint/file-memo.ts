/**
 * Answers about a file's values (its objects, their lists, walks of them), remembered while
 * that file is linted and let go when the run goes on to the next file.
 *
 * Why not one WeakMap for the whole run: V8's young-generation collector takes every slot of an
 * old-generation object that points to a young object as a root, whether or not that slot is
 * still reachable, until the next full collection. A table that lives as long as the run
 * is soon in the old generation, so each answer written into it kept the file's values (and
 * whatever they reach) alive through the next collections, which copied them and then moved
 * them to the old generation, where they died. On 10,000 generated documents that was half of
 * everything allocated copied by the young collector (250 MB, about a tenth of the run's CPU).
 * A table made for each file is young, and dies young with the values it holds.
 *
 * Answers are still held weakly, and one asked again after the file was let go is worked out
 * again: forgetting early costs time, never a wrong answer. A door that lints one text at a
 * time (the language server, the webhook) need not call `nextFile`: its tables stay weak.
 */
export class FileMemo<K extends object, T> {
  #answers = new WeakMap<K, T>();
  #file = currentFile;

  has(key: K): boolean {
    return this.#current().has(key);
  }

  get(key: K): T | undefined {
    return this.#current().get(key);
  }

  set(key: K, answer: T): void {
    this.#current().set(key, answer);
  }

  #current(): WeakMap<K, T> {
    if (this.#file !== currentFile) {
      this.#answers = new WeakMap();
      this.#file = currentFile;
    }
    return this.#answers;
  }
}

let currentFile = 0;

/** Tells the memos that the run goes on to another file: what they hold of earlier files is let go. */
export function nextFile(): void {
  currentFile++;
}
