// IndexedDB for the key-vault tests: Node has none.
import 'fake-indexeddb/auto';
